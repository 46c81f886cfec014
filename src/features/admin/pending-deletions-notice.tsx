import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { storageDeletionsText as text } from '@/content/admin';
import { pendingDeletionsQuery, useReconcilePayments } from './api/overview';
import { type Message, Notice } from '@/components/ui/notice';

/**
 * The private files of deleted clients (or removed assignments) that storage still holds: how many, and a
 * button that removes them now (reconcile-payments, which also retries them on its schedule). Nothing shows
 * while the queue is empty.
 */
export function PendingDeletionsNotice() {
  const pending = useQuery(pendingDeletionsQuery());
  const removal = useReconcilePayments();
  const [message, setMessage] = useState<Message>(null);
  const count = pending.data?.count ?? 0;
  if (count === 0 && !message) return null;

  function retry() {
    setMessage(null);
    removal.mutate(undefined, {
      onSuccess: (result) => {
        const left = result.files_failed;
        setMessage(
          left > 0
            ? { variant: 'error', text: text.stillLeft(left) }
            : { variant: 'success', text: text.done },
        );
      },
      onError: () => setMessage({ variant: 'error', text: text.failed }),
    });
  }

  return (
    <section
      aria-labelledby="pending-deletions-heading"
      className="space-y-3 rounded-xl border-2 border-destructive p-4"
    >
      <h3 id="pending-deletions-heading" className="text-lg font-semibold text-foreground">
        {text.heading}
      </h3>
      {count > 0 ? (
        <>
          <p className="max-w-3xl text-foreground" data-testid="pending-deletions">
            {text.pending(count)}
          </p>
          <Button type="button" variant="secondary" disabled={removal.isPending} onClick={retry}>
            {removal.isPending ? text.retrying : text.retry}
          </Button>
        </>
      ) : null}
      {message ? <Notice variant={message.variant}>{message.text}</Notice> : null}
    </section>
  );
}
