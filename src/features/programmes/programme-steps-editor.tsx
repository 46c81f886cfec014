import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { inputClass } from '@/components/ui/input-style';
import { programmesAdminText as text } from '@/content/programmes';
import type { StepDraft } from './api/drafts';
import {
  addStep,
  audioChoiceOf,
  changeStep,
  moveStep,
  privateChoice,
  removeStep,
  stepForChoice,
  UPLOAD_CHOICE,
  type AudioOption,
  type ClientAudio,
} from './programme-draft';
import { StepAudioUpload } from './step-audio-upload';

type UploadedAudio = { id: string; title: string };

/**
 * The programme form's ordered steps (audio, day, note), each movable and removable, and a new one at the end. In
 * a client's copy (`clientAudio`) a step may be audio uploaded for that client, uploaded here too
 * (docs/programmes.md "Private audio as a step").
 */
export function ProgrammeStepsEditor({
  id,
  steps,
  onChange,
  audios,
  clientAudio,
}: {
  /** The form's id, the steps' fields' ids start with. */
  id: string;
  steps: StepDraft[];
  onChange: (update: (steps: StepDraft[]) => StepDraft[]) => void;
  audios: AudioOption[];
  clientAudio?: ClientAudio;
}) {
  // Audio uploaded in this form is offered to the other steps too, before the list is fetched again.
  const [uploaded, setUploaded] = useState<UploadedAudio[]>([]);
  const [uploadingStep, setUploadingStep] = useState<number | null>(null);
  const privateAudios = clientAudio
    ? [
        ...clientAudio.audios,
        ...uploaded.filter((audio) => !clientAudio.audios.some((a) => a.id === audio.id)),
      ]
    : null;

  /** A change of order or count closes an open upload (its step may no longer be where it was). */
  function reorder(update: (steps: StepDraft[]) => StepDraft[]) {
    setUploadingStep(null);
    onChange(update);
  }

  return (
    <fieldset className="space-y-3">
      <legend className="font-semibold text-foreground">{text.stepsLegend}</legend>
      {clientAudio ? null : <p className="text-sm text-muted-foreground">{text.templateCatalogueOnly}</p>}
      <ol className="space-y-3">
        {steps.map((step, index) => (
          <StepFields
            key={index}
            id={id}
            index={index}
            count={steps.length}
            step={step}
            audios={audios}
            privateAudios={privateAudios}
            uploading={uploadingStep === index}
            onChange={(change) => onChange((current) => changeStep(current, index, change))}
            onChoose={(value) => {
              setUploadingStep(value === UPLOAD_CHOICE ? index : null);
              onChange((current) => changeStep(current, index, stepForChoice(value)));
            }}
            onMove={(by) => reorder((current) => moveStep(current, index, by))}
            onRemove={() => reorder((current) => removeStep(current, index))}
            upload={
              clientAudio && uploadingStep === index ? (
                <StepAudioUpload
                  id={`${id}-upload-${index}`}
                  step={index + 1}
                  assignmentId={clientAudio.assignmentId}
                  onUploaded={(audio) => {
                    setUploaded((current) => [...current, audio]);
                    setUploadingStep(null);
                    onChange((current) =>
                      changeStep(current, index, { productId: audio.id, privateAudio: true }),
                    );
                  }}
                />
              ) : null
            }
          />
        ))}
      </ol>
      <Button type="button" variant="secondary" onClick={() => onChange(addStep)}>
        <Plus aria-hidden="true" />
        {text.addStep}
      </Button>
    </fieldset>
  );
}

/** One step: its audio, day and note, and the buttons that move or remove it. */
function StepFields({
  id,
  index,
  count,
  step,
  audios,
  privateAudios,
  uploading,
  upload,
  onChange,
  onChoose,
  onMove,
  onRemove,
}: {
  id: string;
  index: number;
  count: number;
  step: StepDraft;
  audios: AudioOption[];
  /** A client's copy only: the audio uploaded for them (null for a template). */
  privateAudios: UploadedAudio[] | null;
  uploading: boolean;
  /** The open upload for this step, under its audio and day. */
  upload: ReactNode;
  onChange: (change: Partial<StepDraft>) => void;
  onChoose: (value: string) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}) {
  const n = index + 1;
  return (
    <li className="space-y-3 rounded-lg border border-border p-3">
      <h4 className="font-semibold text-foreground">{text.stepHeading(n)}</h4>
      <div className="grid gap-3 sm:grid-cols-[1fr_8rem]">
        <Field id={`${id}-audio-${index}`} label={text.stepAudio(n)}>
          <select
            id={`${id}-audio-${index}`}
            className={inputClass}
            value={audioChoiceOf(step, uploading)}
            onChange={(event) => onChoose(event.target.value)}
          >
            <option value="">{text.chooseAudio}</option>
            {audios.map((audio) => (
              <option key={audio.id} value={audio.id}>
                {audio.title}
                {audio.category ? ` (${audio.category})` : ''}
              </option>
            ))}
            {privateAudios ? (
              <optgroup label={text.uploadGroup}>
                {privateAudios.map((audio) => (
                  <option key={audio.id} value={privateChoice(audio.id)}>
                    {audio.title}
                  </option>
                ))}
                <option value={UPLOAD_CHOICE}>{text.uploadOption}</option>
              </optgroup>
            ) : null}
          </select>
        </Field>
        <Field id={`${id}-day-${index}`} label={text.stepDay(n)}>
          <input
            id={`${id}-day-${index}`}
            className={inputClass}
            type="number"
            inputMode="numeric"
            min={1}
            max={366}
            value={step.dayNumber}
            onChange={(event) => onChange({ dayNumber: Number(event.target.value) })}
          />
        </Field>
      </div>
      {upload}
      <Field id={`${id}-note-${index}`} label={text.stepNote(n)} help={text.stepNoteHelp}>
        <input
          id={`${id}-note-${index}`}
          className={inputClass}
          aria-describedby={`${id}-note-${index}-help`}
          value={step.note}
          maxLength={2000}
          onChange={(event) => onChange({ note: event.target.value })}
        />
      </Field>
      <div className="flex flex-wrap gap-2">
        {[
          { label: text.moveUp(n), Icon: ArrowUp, disabled: index === 0, onClick: () => onMove(-1) },
          {
            label: text.moveDown(n),
            Icon: ArrowDown,
            disabled: index === count - 1,
            onClick: () => onMove(1),
          },
          { label: text.removeStep(n), Icon: Trash2, disabled: count === 1, onClick: onRemove },
        ].map(({ label, Icon, disabled, onClick }) => (
          <Button
            key={label}
            type="button"
            size="sm"
            variant="secondary"
            aria-label={label}
            disabled={disabled}
            onClick={onClick}
          >
            <Icon aria-hidden="true" />
          </Button>
        ))}
      </div>
    </li>
  );
}
