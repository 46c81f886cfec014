import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { programmesAdminText as text } from '@/content/programmes';
import { adminText } from '@/content/admin';
import { type Message, messageOf, Notice } from '@/components/ui/notice';
import { checkPrivateUpload } from './check-private-upload';
import { PrivateAudioFields } from './private-audio-fields';
import { Field } from '@/components/ui/field';
import { inputClass } from '@/components/ui/input-style';
import type { AudioOption } from './programme-draft';
import { useAssignPrivateAudio, useAssignToClient, type AssignResult } from './api/assignments';
import type { ProgrammeTemplate } from './api/templates';

/** The choice that uploads a file for this client instead of assigning a programme or a catalogue audio. */
const UPLOAD = 'upload';

/**
 * Assign a programme (copied for the client) or a single audio, with a note, to an email: granted or offered;
 * or upload an audio only this client can play (docs/programmes.md "Private audio for one client").
 */
export function AssignForm({
  programmes,
  audios,
  email: initialEmail = '',
}: {
  programmes: ProgrammeTemplate[];
  audios: AudioOption[];
  email?: string;
}) {
  const id = useId();
  const assign = useAssignToClient();
  const upload = useAssignPrivateAudio();
  const [email, setEmail] = useState(initialEmail);
  const [what, setWhat] = useState('');
  const [note, setNote] = useState('');
  const [access, setAccess] = useState<'granted' | 'offered'>('granted');
  const [file, setFile] = useState<File | null>(null);
  const [fileKey, setFileKey] = useState(0);
  const [uploadTitle, setUploadTitle] = useState('');
  const [progress, setProgress] = useState(0);
  // Checks before the upload starts (the file's type, its length) count as pending too.
  const [checking, setChecking] = useState(false);
  const [message, setMessage] = useState<Message>(null);
  const pending = assign.isPending || upload.isPending || checking;
  const uploading = what === UPLOAD;

  function assigned(target: string, result: AssignResult) {
    const done = !result.emailed
      ? text.assignedNoEmail(target)
      : result.hasAccount
        ? text.assignedExisting(target)
        : text.assignedInvited(target);
    setMessage({ variant: 'success', text: done });
    setWhat('');
    setNote('');
    setFile(null);
    setFileKey((key) => key + 1);
    setUploadTitle('');
  }

  async function submitUpload(target: string) {
    setChecking(true);
    const checked = await checkPrivateUpload(file, uploadTitle);
    setChecking(false);
    if (!checked.ok) {
      setMessage({ variant: 'error', text: checked.message });
      return;
    }
    const { format, durationSeconds } = checked;
    setProgress(0);
    upload.mutate(
      {
        email: target,
        title: uploadTitle,
        note,
        file: checked.file,
        format,
        durationSeconds,
        onProgress: setProgress,
      },
      {
        onSuccess: (result) => assigned(target, result),
        onError: (error) =>
          setMessage({ variant: 'error', text: `${text.uploadFailed} ${messageOf(error, '')}`.trim() }),
      },
    );
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const target = email.trim();
    if (!target) {
      setMessage({ variant: 'error', text: text.emailRequired });
      return;
    }
    setMessage(null);
    if (uploading) {
      void submitUpload(target);
      return;
    }
    const [kind, chosen] = what.split(':');
    if (!chosen || (kind !== 'programme' && kind !== 'audio')) {
      setMessage({ variant: 'error', text: text.chooseRequired });
      return;
    }
    assign.mutate(
      {
        email: target,
        programmeId: kind === 'programme' ? chosen : null,
        productId: kind === 'audio' ? chosen : null,
        note,
        access,
      },
      {
        onSuccess: (result) => assigned(target, result),
        onError: (error) => setMessage({ variant: 'error', text: messageOf(error, text.assignFailed) }),
      },
    );
  }

  return (
    <form
      onSubmit={submit}
      aria-labelledby={`${id}-heading`}
      className="space-y-4 rounded-lg border border-border p-4"
    >
      <h3 id={`${id}-heading`} className="text-xl font-semibold text-foreground">
        {text.assignHeading}
      </h3>
      <p className="text-sm text-muted-foreground">{text.assignLead}</p>
      {message ? <Notice variant={message.variant}>{message.text}</Notice> : null}
      <Field id={`${id}-email`} label={text.emailLabel}>
        <input
          id={`${id}-email`}
          className={inputClass}
          type="email"
          autoComplete="off"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
      </Field>
      <Field id={`${id}-what`} label={text.whatLabel}>
        <select
          id={`${id}-what`}
          className={inputClass}
          value={what}
          onChange={(event) => setWhat(event.target.value)}
        >
          <option value="">{text.choose}</option>
          <optgroup label={text.programmesGroup}>
            {programmes.map((programme) => (
              <option key={programme.id} value={`programme:${programme.id}`}>
                {programme.title}
              </option>
            ))}
          </optgroup>
          <optgroup label={text.audioGroup}>
            {audios.map((audio) => (
              <option key={audio.id} value={`audio:${audio.id}`}>
                {audio.title}
              </option>
            ))}
          </optgroup>
          <optgroup label={text.uploadGroup}>
            <option value={UPLOAD}>{text.uploadOption}</option>
          </optgroup>
        </select>
      </Field>
      {uploading ? (
        <PrivateAudioFields
          id={id}
          fileLabel={text.fileLabel}
          titleLabel={text.uploadTitleLabel}
          title={uploadTitle}
          onTitle={setUploadTitle}
          onFile={setFile}
          disabled={pending}
          progress={upload.isPending ? progress : null}
          fileKey={fileKey}
        />
      ) : null}
      <Field id={`${id}-note`} label={text.noteLabel}>
        <textarea
          id={`${id}-note`}
          className={`${inputClass} min-h-20`}
          maxLength={2000}
          value={note}
          onChange={(event) => setNote(event.target.value)}
        />
      </Field>
      {uploading ? null : (
        <fieldset className="space-y-2">
          <legend className="text-sm font-semibold text-foreground">{text.accessLegend}</legend>
          {(['granted', 'offered'] as const).map((value) => (
            <div key={value} className="flex items-center gap-2">
              <input
                id={`${id}-access-${value}`}
                type="radio"
                name={`${id}-access`}
                className="size-5"
                checked={access === value}
                onChange={() => setAccess(value)}
              />
              <label htmlFor={`${id}-access-${value}`}>{text[value]}</label>
            </div>
          ))}
        </fieldset>
      )}
      <Button type="submit" disabled={pending}>
        {pending ? adminText.saving : uploading ? text.uploadAndAssign : text.assign}
      </Button>
    </form>
  );
}
