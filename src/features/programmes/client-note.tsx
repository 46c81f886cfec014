import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { inputClass } from '@/components/ui/input-style';
import { type Message, messageOf, Notice } from '@/components/ui/notice';
import { adminText } from '@/content/admin';
import { clientRecordText as text } from '@/content/programmes';
import { clientNoteQuery, useSaveClientNote } from './api/client-notes';

/** The practitioner's private note on a client, in their record: only admins read it (RLS). */
export function ClientNote({ userId }: { userId: string }) {
  const id = useId();
  const note = useQuery(clientNoteQuery(userId));
  const save = useSaveClientNote();
  const [draft, setDraft] = useState<string | null>(null);
  const [message, setMessage] = useState<Message>(null);
  const value = draft ?? note.data ?? '';

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setMessage(null);
    save.mutate(
      { userId, note: value },
      {
        onSuccess: () => setMessage({ variant: 'success', text: text.noteSaved }),
        onError: (error) => setMessage({ variant: 'error', text: messageOf(error, text.noteFailed) }),
      },
    );
  }

  return (
    <form onSubmit={submit} className="space-y-2">
      <h4 className="font-semibold text-foreground">{text.noteHeading}</h4>
      {message ? <Notice variant={message.variant}>{message.text}</Notice> : null}
      <label htmlFor={`${id}-note`} className="block text-sm font-semibold text-foreground">
        {text.noteLabel}
      </label>
      <textarea
        id={`${id}-note`}
        className={`${inputClass} min-h-24`}
        maxLength={10000}
        value={value}
        disabled={note.isPending}
        onChange={(event) => setDraft(event.target.value)}
      />
      <Button type="submit" size="sm" disabled={save.isPending || note.isPending}>
        {save.isPending ? adminText.saving : text.saveNote}
      </Button>
    </form>
  );
}
