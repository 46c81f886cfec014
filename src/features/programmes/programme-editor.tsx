import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { adminText } from '@/content/admin';
import { programmesAdminText as text } from '@/content/programmes';
import { type Message, messageOf, Notice } from '@/components/ui/notice';
import { Field } from '@/components/ui/field';
import { inputClass } from '@/components/ui/input-style';
import type { AssignedProgramme } from './programme-steps';
import type { ProgrammeDraft, StepDraft } from './api/drafts';
import { StepAudioUpload } from './step-audio-upload';

export interface AudioOption {
  id: string;
  title: string;
  category: string | null;
}

/** A client's copy only: the audio uploaded for this client, and the assignment an upload is recorded for. */
export interface ClientAudio {
  assignmentId: string;
  audios: { id: string; title: string }[];
}

/** The step's audio choice that reveals the upload (a client's copy); a private audio's value is 'private:<id>'. */
const UPLOAD = 'upload';
const PRIVATE = 'private:';

const emptyStep = (day: number): StepDraft => ({ productId: '', dayNumber: day, note: '' });

export function emptyDraft(): ProgrammeDraft {
  return { id: null, title: '', introduction: '', sequentialUnlock: true, steps: [emptyStep(1)] };
}

/** A programme (a template or a client's copy) as the form edits it. */
export function toDraft(programme: AssignedProgramme): ProgrammeDraft {
  return {
    id: programme.id,
    title: programme.title,
    introduction: programme.introduction,
    sequentialUnlock: programme.sequentialUnlock,
    steps: programme.steps.map((step) => ({
      productId: step.productId,
      ...(step.uploadedFile ? { privateAudio: true } : {}),
      dayNumber: step.dayNumber,
      note: step.note,
    })),
  };
}

/** Whether a draft can be saved: a title, and every step an audio and a day from 1. */
export function draftProblem(draft: ProgrammeDraft): string | null {
  if (!draft.title.trim()) return text.titleRequired;
  if (
    draft.steps.length === 0 ||
    draft.steps.some((step) => !step.productId || !Number.isInteger(step.dayNumber) || step.dayNumber < 1)
  )
    return text.stepsRequired;
  return null;
}

/** How the form's parent saves a draft: a programmes mutation (./api/) and its pending state. */
export interface ProgrammeSave {
  mutate: (draft: ProgrammeDraft, done: { onSuccess: () => void; onError: (error: Error) => void }) => void;
  isPending: boolean;
}

/**
 * The programme form: title, introduction, unlock, and ordered steps (audio, day, note). A template
 * (useSaveProgramme) or a client's own copy (useEditAssignment, with `heading` and `submitLabel` from the client
 * record, and `children` for what belongs to that client's assignment: its note).
 */
export function ProgrammeEditor({
  initial,
  audios,
  onSaved,
  onCancel,
  save,
  heading,
  submitLabel = text.saveTemplate,
  clientAudio,
  children,
}: {
  initial: ProgrammeDraft;
  audios: AudioOption[];
  /** Given for a client's copy: its steps may be audio uploaded for that client (templates: catalogue only). */
  clientAudio?: ClientAudio;
  onSaved: (title: string) => void;
  onCancel: () => void;
  save: ProgrammeSave;
  heading?: string;
  submitLabel?: string;
  children?: ReactNode;
}) {
  const id = useId();
  const [draft, setDraft] = useState(initial);
  const [message, setMessage] = useState<Message>(null);
  // Audio uploaded in this form is offered to the other steps too, before the list is fetched again.
  const [uploaded, setUploaded] = useState<{ id: string; title: string }[]>([]);
  const [uploadingStep, setUploadingStep] = useState<number | null>(null);
  const privateAudios = clientAudio
    ? [
        ...clientAudio.audios,
        ...uploaded.filter((audio) => !clientAudio.audios.some((a) => a.id === audio.id)),
      ]
    : [];

  const setStep = (index: number, change: Partial<StepDraft>) =>
    setDraft((current) => ({
      ...current,
      steps: current.steps.map((step, i) => (i === index ? { ...step, ...change } : step)),
    }));
  const move = (index: number, by: -1 | 1) => {
    setUploadingStep(null);
    setDraft((current) => {
      const steps = [...current.steps];
      const [step] = steps.splice(index, 1);
      steps.splice(index + by, 0, step!);
      return { ...current, steps };
    });
  };

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problem = draftProblem(draft);
    if (problem) {
      setMessage({ variant: 'error', text: problem });
      return;
    }
    setMessage(null);
    save.mutate(draft, {
      onSuccess: () => onSaved(draft.title.trim()),
      onError: (error) => setMessage({ variant: 'error', text: messageOf(error, text.saveFailed) }),
    });
  }

  return (
    <form
      onSubmit={submit}
      aria-labelledby={`${id}-heading`}
      className="space-y-4 rounded-lg border border-border p-4"
    >
      <h3 id={`${id}-heading`} className="text-xl font-semibold text-foreground">
        {heading ?? (initial.id ? text.editorEdit(initial.title) : text.editorNew)}
      </h3>
      {message ? <Notice variant={message.variant}>{message.text}</Notice> : null}
      <Field id={`${id}-title`} label={text.titleLabel}>
        <input
          id={`${id}-title`}
          className={inputClass}
          value={draft.title}
          maxLength={200}
          required
          onChange={(event) => setDraft({ ...draft, title: event.target.value })}
        />
      </Field>
      <Field id={`${id}-intro`} label={text.introductionLabel} help={text.introductionHelp}>
        <textarea
          id={`${id}-intro`}
          className={`${inputClass} min-h-24`}
          aria-describedby={`${id}-intro-help`}
          value={draft.introduction}
          maxLength={4000}
          onChange={(event) => setDraft({ ...draft, introduction: event.target.value })}
        />
      </Field>
      {children}
      <div className="flex items-start gap-2">
        <input
          id={`${id}-sequential`}
          type="checkbox"
          className="mt-1 size-5"
          aria-describedby={`${id}-sequential-help`}
          checked={draft.sequentialUnlock}
          onChange={(event) => setDraft({ ...draft, sequentialUnlock: event.target.checked })}
        />
        <div>
          <label htmlFor={`${id}-sequential`} className="font-semibold text-foreground">
            {text.sequentialLabel}
          </label>
          <p id={`${id}-sequential-help`} className="text-sm text-muted-foreground">
            {text.sequentialHelp}
          </p>
        </div>
      </div>

      <fieldset className="space-y-3">
        <legend className="font-semibold text-foreground">{text.stepsLegend}</legend>
        {clientAudio ? null : <p className="text-sm text-muted-foreground">{text.templateCatalogueOnly}</p>}
        <ol className="space-y-3">
          {draft.steps.map((step, index) => {
            const n = index + 1;
            return (
              <li key={index} className="space-y-3 rounded-lg border border-border p-3">
                <h4 className="font-semibold text-foreground">{text.stepHeading(n)}</h4>
                <div className="grid gap-3 sm:grid-cols-[1fr_8rem]">
                  <Field id={`${id}-audio-${index}`} label={text.stepAudio(n)}>
                    <select
                      id={`${id}-audio-${index}`}
                      className={inputClass}
                      value={
                        uploadingStep === index
                          ? UPLOAD
                          : step.privateAudio && step.productId
                            ? `${PRIVATE}${step.productId}`
                            : step.productId
                      }
                      onChange={(event) => {
                        const value = event.target.value;
                        setUploadingStep(value === UPLOAD ? index : null);
                        if (value === UPLOAD) setStep(index, { productId: '', privateAudio: false });
                        else if (value.startsWith(PRIVATE))
                          setStep(index, { productId: value.slice(PRIVATE.length), privateAudio: true });
                        else setStep(index, { productId: value, privateAudio: false });
                      }}
                    >
                      <option value="">{text.chooseAudio}</option>
                      {audios.map((audio) => (
                        <option key={audio.id} value={audio.id}>
                          {audio.title}
                          {audio.category ? ` (${audio.category})` : ''}
                        </option>
                      ))}
                      {clientAudio ? (
                        <optgroup label={text.uploadGroup}>
                          {privateAudios.map((audio) => (
                            <option key={audio.id} value={`${PRIVATE}${audio.id}`}>
                              {audio.title}
                            </option>
                          ))}
                          <option value={UPLOAD}>{text.uploadOption}</option>
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
                      onChange={(event) => setStep(index, { dayNumber: Number(event.target.value) })}
                    />
                  </Field>
                </div>
                {clientAudio && uploadingStep === index ? (
                  <StepAudioUpload
                    id={`${id}-upload-${index}`}
                    step={n}
                    assignmentId={clientAudio.assignmentId}
                    onUploaded={(audio) => {
                      setUploaded((current) => [...current, audio]);
                      setUploadingStep(null);
                      setStep(index, { productId: audio.id, privateAudio: true });
                    }}
                  />
                ) : null}
                <Field id={`${id}-note-${index}`} label={text.stepNote(n)} help={text.stepNoteHelp}>
                  <input
                    id={`${id}-note-${index}`}
                    className={inputClass}
                    aria-describedby={`${id}-note-${index}-help`}
                    value={step.note}
                    maxLength={2000}
                    onChange={(event) => setStep(index, { note: event.target.value })}
                  />
                </Field>
                <div className="flex flex-wrap gap-2">
                  <Button
                    type="button"
                    size="sm"
                    variant="secondary"
                    aria-label={text.moveUp(n)}
                    disabled={index === 0}
                    onClick={() => move(index, -1)}
                  >
                    <ArrowUp aria-hidden="true" />
                  </Button>
                  <Button
                    type="button"
                    size="sm"
                    variant="secondary"
                    aria-label={text.moveDown(n)}
                    disabled={index === draft.steps.length - 1}
                    onClick={() => move(index, 1)}
                  >
                    <ArrowDown aria-hidden="true" />
                  </Button>
                  <Button
                    type="button"
                    size="sm"
                    variant="secondary"
                    aria-label={text.removeStep(n)}
                    disabled={draft.steps.length === 1}
                    onClick={() => {
                      setUploadingStep(null);
                      setDraft((current) => ({
                        ...current,
                        steps: current.steps.filter((_, i) => i !== index),
                      }));
                    }}
                  >
                    <Trash2 aria-hidden="true" />
                  </Button>
                </div>
              </li>
            );
          })}
        </ol>
        <Button
          type="button"
          variant="secondary"
          onClick={() =>
            setDraft((current) => ({
              ...current,
              steps: [...current.steps, emptyStep((current.steps.at(-1)?.dayNumber ?? 0) + 1)],
            }))
          }
        >
          <Plus aria-hidden="true" />
          {text.addStep}
        </Button>
      </fieldset>

      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? adminText.saving : submitLabel}
        </Button>
        <Button type="button" variant="secondary" onClick={onCancel}>
          {adminText.cancel}
        </Button>
      </div>
    </form>
  );
}
