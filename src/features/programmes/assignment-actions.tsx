import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { adminText } from '@/content/admin';
import { clientRecordText as text, programmesAdminText } from '@/content/programmes';
import { Field } from '@/components/ui/field';
import { inputClass } from '@/components/ui/input-style';
import { refreshAdminAreas } from '@/lib/admin-api/keys';
import { DetailsToggle } from '@/components/ui/detail-panel';
import { type Message, messageOf, Notice } from '@/components/ui/notice';
import { ConfirmAction } from '@/components/ui/confirm-action';
import { toDraft, type AudioOption } from './programme-draft';
import { ProgrammeEditor } from './programme-editor';
import type { Assignment } from './programme-steps';
import { useEditAssignment, useRemoveAssignment } from './api/assignments';
import { clientPrivateAudioQuery } from './api/private-audio';

/**
 * Edit and Remove for one assignment in the client record (docs/programmes.md "Removing and editing"). Editing
 * changes this client's copy only; removing asks first and, for audio included at no cost, whether the client
 * keeps it. `onRemoved` reports the outcome (the assignment, and these controls, are gone by then).
 */
export function AssignmentActions({
  assignment,
  title,
  audios,
  onRemoved,
}: {
  assignment: Assignment;
  title: string;
  audios: AudioOption[];
  onRemoved: (message: Message) => void;
}) {
  const id = useId();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [note, setNote] = useState(assignment.note);
  const [keepAudio, setKeepAudio] = useState(false);
  const [message, setMessage] = useState<Message>(null);
  const uploadedFile = assignment.audio?.uploadedFile ?? null;
  // Audio uploaded for this client goes with the assignment: there is nothing to keep or take back.
  const granted = assignment.access === 'granted' && !uploadedFile;
  // Steps of the client's copy with audio uploaded for them: those files go with the assignment whatever is
  // chosen for the catalogue audio (docs/programmes.md "Private audio as a step").
  const uploadedSteps = assignment.programme?.steps.filter((step) => step.uploadedFile).length ?? 0;
  const removal = useRemoveAssignment();
  const edit = useEditAssignment();
  // A copy's steps may be audio uploaded for this client: the ones uploaded before are offered in its editor.
  const privateAudio = useQuery({
    ...clientPrivateAudioQuery(assignment.email),
    enabled: editing && assignment.programme !== null,
  });

  function refresh() {
    void refreshAdminAreas(queryClient, ['customer-purchases']);
  }

  async function remove(): Promise<boolean> {
    try {
      const deletedFiles = await removal.mutateAsync({ id: assignment.id, keepAudio: granted && keepAudio });
      refresh();
      const removed = uploadedFile
        ? text.removedUploaded(title)
        : !granted
          ? text.removedOffered(title)
          : keepAudio
            ? text.removedKept(title)
            : text.removed(title);
      onRemoved({
        variant: 'success',
        text:
          !uploadedFile && deletedFiles > 0 ? `${removed} ${text.removedStepFiles(deletedFiles)}` : removed,
      });
      return true;
    } catch (error) {
      setMessage({ variant: 'error', text: messageOf(error, text.removeFailed) });
      return false;
    }
  }

  function saved(savedTitle: string) {
    refresh();
    setEditing(false);
    setMessage({ variant: 'success', text: text.savedCopy(savedTitle) });
  }

  const noteField = (
    <Field id={`${id}-note`} label={programmesAdminText.noteLabel}>
      <textarea
        id={`${id}-note`}
        className={`${inputClass} min-h-20`}
        maxLength={2000}
        value={note}
        onChange={(event) => setNote(event.target.value)}
      />
    </Field>
  );

  function saveNote(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    edit.mutate(
      { id: assignment.id, note, programme: null },
      {
        onSuccess: () => saved(title),
        onError: (error) => setMessage({ variant: 'error', text: messageOf(error, text.saveCopyFailed) }),
      },
    );
  }

  return (
    <div className="space-y-3">
      {message ? (
        <Notice key={message.text} variant={message.variant} focus>
          {message.text}
        </Notice>
      ) : null}
      <div className="flex flex-wrap items-start gap-2">
        <DetailsToggle
          label={text.edit}
          accessibleLabel={text.editLabel(title)}
          expanded={editing}
          onToggle={() => {
            setMessage(null);
            setEditing(!editing);
          }}
        />
        <ConfirmAction
          label={text.remove}
          accessibleLabel={text.removeLabel(title)}
          question={text.removeQuestion(title)}
          confirmLabel={text.removeConfirm}
          busyLabel={text.removing}
          cancelLabel={adminText.cancel}
          framed
          onOpen={() => setMessage(null)}
          onConfirm={remove}
          pending={removal.isPending}
        >
          {uploadedSteps > 0 ? <p className="text-foreground">{text.removeStepFilesNote}</p> : null}
          {granted ? (
            <fieldset className="space-y-2">
              <legend className="text-sm font-semibold text-foreground">{text.keepLegend}</legend>
              {[
                { keep: false, label: text.takeBack },
                { keep: true, label: text.keepIt },
              ].map((choice) => (
                <div key={String(choice.keep)} className="flex items-start gap-2">
                  <input
                    id={`${id}-keep-${String(choice.keep)}`}
                    type="radio"
                    name={`${id}-keep`}
                    className="mt-1 size-5"
                    checked={keepAudio === choice.keep}
                    onChange={() => setKeepAudio(choice.keep)}
                  />
                  <label htmlFor={`${id}-keep-${String(choice.keep)}`} className="text-foreground">
                    {choice.label}
                  </label>
                </div>
              ))}
            </fieldset>
          ) : null}
        </ConfirmAction>
      </div>
      {editing && assignment.programme ? (
        <ProgrammeEditor
          initial={toDraft(assignment.programme)}
          audios={audios}
          heading={text.editHeading(title)}
          submitLabel={text.saveCopy}
          clientAudio={{ assignmentId: assignment.id, audios: privateAudio.data ?? [] }}
          save={{
            mutate: (draft, done) => edit.mutate({ id: assignment.id, note, programme: draft }, done),
            isPending: edit.isPending,
          }}
          onSaved={saved}
          onCancel={() => setEditing(false)}
        >
          <p className="text-sm text-muted-foreground">{text.editLead}</p>
          {noteField}
        </ProgrammeEditor>
      ) : null}
      {editing && !assignment.programme ? (
        <form
          onSubmit={saveNote}
          aria-label={text.editNoteHeading(title)}
          className="space-y-3 rounded-lg border border-border p-3"
        >
          {noteField}
          <div className="flex flex-wrap gap-2">
            <Button type="submit" size="sm" disabled={edit.isPending}>
              {edit.isPending ? adminText.saving : text.saveCopy}
            </Button>
            <Button type="button" size="sm" variant="secondary" onClick={() => setEditing(false)}>
              {adminText.cancel}
            </Button>
          </div>
        </form>
      ) : null}
    </div>
  );
}
