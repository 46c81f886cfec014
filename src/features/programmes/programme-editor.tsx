import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { inputClass } from '@/components/ui/input-style';
import { type Message, messageOf, Notice } from '@/components/ui/notice';
import { adminText } from '@/content/admin';
import { programmesAdminText as text } from '@/content/programmes';
import type { ProgrammeDraft, StepDraft } from './api/drafts';
import { draftProblem, type AudioOption, type ClientAudio } from './programme-draft';
import { ProgrammeStepsEditor } from './programme-steps-editor';

/** How the form's parent saves a draft: a programmes mutation (./api/) and its pending state. */
export interface ProgrammeSave {
  mutate: (draft: ProgrammeDraft, done: { onSuccess: () => void; onError: (error: Error) => void }) => void;
  isPending: boolean;
}

/**
 * The programme form: title, introduction, unlock, and ordered steps (ProgrammeStepsEditor). A template
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
      <SequentialUnlock
        id={`${id}-sequential`}
        checked={draft.sequentialUnlock}
        onChange={(sequentialUnlock) => setDraft({ ...draft, sequentialUnlock })}
      />
      <ProgrammeStepsEditor
        id={id}
        steps={draft.steps}
        onChange={(update: (steps: StepDraft[]) => StepDraft[]) =>
          setDraft((current) => ({ ...current, steps: update(current.steps) }))
        }
        audios={audios}
        clientAudio={clientAudio}
      />
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

/** The unlock choice: steps open one after another (or by their day), or all at once (docs/programmes.md). */
function SequentialUnlock({
  id,
  checked,
  onChange,
}: {
  id: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <div className="flex items-start gap-2">
      <input
        id={id}
        type="checkbox"
        className="mt-1 size-5"
        aria-describedby={`${id}-help`}
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
      />
      <div>
        <label htmlFor={id} className="font-semibold text-foreground">
          {text.sequentialLabel}
        </label>
        <p id={`${id}-help`} className="text-sm text-muted-foreground">
          {text.sequentialHelp}
        </p>
      </div>
    </div>
  );
}
