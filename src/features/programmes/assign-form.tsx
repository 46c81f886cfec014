import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { programmesAdminText as text } from '@/content/programmes';
import { adminText } from '@/content/admin';
import { type Message, messageOf, Notice } from '@/features/admin/notice';
import { Field } from '@/components/ui/field';
import { inputClass } from '@/components/ui/input-style';
import type { AudioOption } from './programme-editor';
import { assignToClient, refreshProgrammes, type ProgrammeTemplate } from './programmes-api';

/** Assign a programme (copied for the client) or a single audio, with a note, to an email: granted or offered. */
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
  const queryClient = useQueryClient();
  const [email, setEmail] = useState(initialEmail);
  const [what, setWhat] = useState('');
  const [note, setNote] = useState('');
  const [access, setAccess] = useState<'granted' | 'offered'>('granted');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<Message>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const target = email.trim();
    if (!target) {
      setMessage({ variant: 'error', text: text.emailRequired });
      return;
    }
    const [kind, chosen] = what.split(':');
    if (!chosen || (kind !== 'programme' && kind !== 'audio')) {
      setMessage({ variant: 'error', text: text.chooseRequired });
      return;
    }
    setBusy(true);
    setMessage(null);
    try {
      const result = await assignToClient({
        email: target,
        programmeId: kind === 'programme' ? chosen : null,
        productId: kind === 'audio' ? chosen : null,
        note,
        access,
      });
      const done = !result.emailed
        ? text.assignedNoEmail(target)
        : result.hasAccount
          ? text.assignedExisting(target)
          : text.assignedInvited(target);
      setMessage({ variant: 'success', text: done });
      setWhat('');
      setNote('');
      refreshProgrammes(queryClient);
    } catch (error) {
      setMessage({ variant: 'error', text: messageOf(error, text.assignFailed) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      onSubmit={(event) => void submit(event)}
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
        </select>
      </Field>
      <Field id={`${id}-note`} label={text.noteLabel}>
        <textarea
          id={`${id}-note`}
          className={`${inputClass} min-h-20`}
          maxLength={2000}
          value={note}
          onChange={(event) => setNote(event.target.value)}
        />
      </Field>
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
      <Button type="submit" disabled={busy}>
        {busy ? adminText.saving : text.assign}
      </Button>
    </form>
  );
}
