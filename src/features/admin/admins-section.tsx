import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { adminsText as text, adminText } from '@/content/admin';
import { adminsQuery, useChangeAdmin, type AdminRow } from './api/admins';
import { TitledSection } from '@/components/ui/titled-section';
import { messageOf, Notice } from '@/components/ui/notice';
import { Field } from '@/components/ui/field';
import { inputClass } from '@/components/ui/input-style';
import { ConfirmAction } from '@/components/ui/confirm-action';
import { QueryTable } from '@/components/ui/data-table';

type Message = { variant: 'error' | 'success'; text: string; removed?: boolean } | null;

export function AdminsSection({ currentEmail }: { currentEmail: string }) {
  const id = useId();
  const query = useQuery(adminsQuery());
  const change = useChangeAdmin();
  const [email, setEmail] = useState('');
  const [message, setMessage] = useState<Message>(null);

  /** Answers whether the change was made; its outcome is the section's message either way. */
  async function run(request: Parameters<typeof change.mutateAsync>[0], success: string, removed = false) {
    setMessage(null);
    try {
      await change.mutateAsync(request);
      setMessage({ variant: 'success', text: success, removed });
      return true;
    } catch (error) {
      setMessage({ variant: 'error', text: messageOf(error, text.failed) });
      return false;
    }
  }

  async function grant(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const target = email.trim();
    if (await run({ grant: target }, text.granted(target))) setEmail('');
  }

  async function revoke(admin: AdminRow): Promise<boolean> {
    await run({ revoke: admin.user_id }, text.revoked(admin.email), true);
    return true;
  }

  function isYou(admin: AdminRow): boolean {
    return admin.email.toLowerCase() === currentEmail.toLowerCase();
  }

  return (
    <TitledSection title={text.heading}>
      <p className="text-muted-foreground">{text.selfNote}</p>
      {message ? (
        // A removed admin's row (and the button that had the focus) is gone: the message takes the focus.
        <Notice variant={message.variant} focus={message.variant === 'success' && message.removed}>
          {message.text}
        </Notice>
      ) : null}
      <QueryTable
        query={query}
        caption={text.tableCaption}
        rowKey={(admin) => admin.user_id}
        empty={text.empty}
        columns={[
          {
            header: text.email,
            className: 'min-w-48 break-all',
            cell: (admin) => (
              <>
                {admin.email}{' '}
                {isYou(admin) ? <span className="text-muted-foreground">{text.you}</span> : null}
              </>
            ),
          },
          { header: text.since, date: (admin) => admin.granted_at, dateOnly: true },
          { header: text.lastSignIn, date: (admin) => admin.last_sign_in_at },
          {
            header: text.actions,
            cell: (admin) => (
              <ConfirmAction
                label={text.revoke}
                accessibleLabel={text.revokeLabel(admin.email)}
                question={text.revokeConfirm(admin.email)}
                confirmLabel={text.revokeYes}
                busyLabel={adminText.saving}
                cancelLabel={text.keep}
                variant="secondary"
                onOpen={() => setMessage(null)}
                onConfirm={() => revoke(admin)}
                pending={change.isPending}
              />
            ),
          },
        ]}
      />
      <form onSubmit={(event) => void grant(event)} className="space-y-3 rounded-xl border border-border p-4">
        <h3 className="text-xl font-semibold text-foreground">{text.grantHeading}</h3>
        <Field id={`${id}-email`} label={text.grantLabel} help={text.grantHelp}>
          <input
            id={`${id}-email`}
            type="email"
            required
            autoComplete="off"
            className={inputClass}
            aria-describedby={`${id}-email-help`}
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        </Field>
        <Button type="submit" size="sm" disabled={change.isPending}>
          {text.grantSubmit}
        </Button>
      </form>
    </TitledSection>
  );
}
