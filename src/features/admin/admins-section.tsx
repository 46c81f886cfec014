import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { adminsText as text } from '@/content/admin';
import { adminsQuery, refreshAfterWrite, grantAdmin, revokeAdmin, type AdminRow } from './admin-api';
import {
  AdminSection,
  Field,
  formatDate,
  formatDateTime,
  inputClass,
  messageOf,
  Notice,
  QueryState,
  TableFrame,
  Td,
  Th,
} from './admin-ui';

type Message = { variant: 'error' | 'success'; text: string } | null;

export function AdminsSection({ currentEmail }: { currentEmail: string }) {
  const id = useId();
  const queryClient = useQueryClient();
  const query = useQuery(adminsQuery());
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<Message>(null);
  const [confirming, setConfirming] = useState<AdminRow | null>(null);

  async function run(action: () => Promise<void>, success: string) {
    setBusy(true);
    setMessage(null);
    try {
      await action();
      setMessage({ variant: 'success', text: success });
      refreshAfterWrite(queryClient, ['admins', 'customers']);
      return true;
    } catch (error) {
      setMessage({ variant: 'error', text: messageOf(error, text.failed) });
      return false;
    } finally {
      setBusy(false);
    }
  }

  async function grant(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const target = email.trim();
    if (await run(() => grantAdmin(target), text.granted(target))) setEmail('');
  }

  async function revoke(admin: AdminRow) {
    await run(() => revokeAdmin(admin.user_id), text.revoked(admin.email));
    setConfirming(null);
  }

  return (
    <AdminSection title={text.heading}>
      <p className="text-muted-foreground">{text.selfNote}</p>
      {message ? <Notice variant={message.variant}>{message.text}</Notice> : null}
      <QueryState isPending={query.isPending} error={query.error} onRetry={() => void query.refetch()}>
        {() => (
          <TableFrame label={text.tableCaption}>
            <table className="w-full border-collapse">
              <caption className="sr-only">{text.tableCaption}</caption>
              <thead>
                <tr>
                  <Th>{text.email}</Th>
                  <Th>{text.since}</Th>
                  <Th>{text.lastSignIn}</Th>
                  <Th>{text.actions}</Th>
                </tr>
              </thead>
              <tbody>
                {query.data!.map((admin) => {
                  const you = admin.email.toLowerCase() === currentEmail.toLowerCase();
                  return (
                    <tr key={admin.user_id}>
                      <Td className="break-all">
                        {admin.email} {you ? <span className="text-muted-foreground">{text.you}</span> : null}
                      </Td>
                      <Td className="whitespace-nowrap">{formatDate(admin.granted_at)}</Td>
                      <Td className="whitespace-nowrap">{formatDateTime(admin.last_sign_in_at)}</Td>
                      <Td>
                        {confirming?.user_id === admin.user_id ? (
                          <div role="group" aria-label={text.revokeLabel(admin.email)} className="space-y-2">
                            <p className="font-medium">{text.revokeConfirm(admin.email)}</p>
                            <div className="flex flex-wrap gap-2">
                              <Button
                                size="sm"
                                variant="destructive"
                                disabled={busy}
                                onClick={() => void revoke(admin)}
                              >
                                {text.revokeYes}
                              </Button>
                              <Button size="sm" variant="secondary" onClick={() => setConfirming(null)}>
                                {text.keep}
                              </Button>
                            </div>
                          </div>
                        ) : (
                          <Button
                            size="sm"
                            variant="secondary"
                            aria-label={text.revokeLabel(admin.email)}
                            onClick={() => {
                              setMessage(null);
                              setConfirming(admin);
                            }}
                          >
                            {text.revoke}
                          </Button>
                        )}
                      </Td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </TableFrame>
        )}
      </QueryState>
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
        <Button type="submit" size="sm" disabled={busy}>
          {text.grantSubmit}
        </Button>
      </form>
    </AdminSection>
  );
}
