import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { paymentsText as text } from '@/content/admin';
import { formatPence } from '@/lib/format';
import { disputedOrdersQuery, useReconcilePayments } from './api/overview';
import { formatDate } from '@/lib/practice-dates';
import { type Message, messageOf, Notice } from '@/components/ui/notice';
import { QueryState } from '@/components/ui/query-state';
import { DataTable } from '@/components/ui/data-table';

/** The overview's payments panel: disputed orders and their state, and the reconciliation button. */
export function PaymentsPanel({ openDisputes }: { openDisputes: number }) {
  const disputes = useQuery(disputedOrdersQuery());
  const reconciliation = useReconcilePayments();
  const [message, setMessage] = useState<Message>(null);

  function reconcile() {
    setMessage(null);
    reconciliation.mutate(undefined, {
      onSuccess: (result) => setMessage({ variant: 'success', text: text.reconciled(result) }),
      onError: (error) => setMessage({ variant: 'error', text: messageOf(error, text.reconcileFailed) }),
    });
  }

  return (
    <div className="space-y-4">
      <h3 className="text-xl font-semibold text-foreground">{text.heading}</h3>
      <p className="max-w-3xl text-muted-foreground">{text.disputesLead}</p>
      <p className="font-semibold text-foreground" data-testid="open-disputes">
        {text.openCount(openDisputes)}
      </p>
      <QueryState query={disputes}>
        {(rows) => (
          <DataTable
            caption={text.disputesCaption}
            rows={rows}
            rowKey={(row) => row.id}
            empty={text.disputesEmpty}
            columns={[
              { header: text.date, cell: (row) => formatDate(row.disputed_at ?? row.created_at) },
              { header: text.order, cell: (row) => row.id.slice(0, 8).toUpperCase() },
              { header: text.customer, cell: (row) => row.email ?? '—' },
              {
                header: text.amount,
                numeric: true,
                cell: (row) => formatPence(row.amount_paid_pence ?? 0, { exact: true }),
              },
              { header: text.state, cell: (row) => text.stateLabels[row.dispute_status] },
            ]}
          />
        )}
      </QueryState>
      <p className="max-w-3xl text-muted-foreground">{text.reconcileLead}</p>
      <Button type="button" variant="secondary" disabled={reconciliation.isPending} onClick={reconcile}>
        {reconciliation.isPending ? text.reconciling : text.reconcile}
      </Button>
      {message ? <Notice variant={message.variant}>{message.text}</Notice> : null}
    </div>
  );
}
