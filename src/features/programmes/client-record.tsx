import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { DetailPanel } from '@/components/ui/detail-panel';
import { type Message, Notice } from '@/components/ui/notice';
import { QueryState } from '@/components/ui/query-state';
import { adminText } from '@/content/admin';
import { clientRecordText as text } from '@/content/programmes';
import { clientAppointmentsQuery } from '@/lib/admin-api/appointments';
import { customerPurchasesQuery } from '@/lib/admin-api/customer-purchases';
import { productsQuery } from '@/lib/admin-api/products';
import { formatPence } from '@/lib/format';
import { formatDate, formatDateTime } from '@/lib/practice-dates';
import { assignmentsQuery } from './api/assignments';
import { clientOrdersQuery } from './api/client-orders';
import { templatesQuery } from './api/templates';
import { AssignForm } from './assign-form';
import { AssignmentProgress } from './client-assignment-progress';
import { ClientNote } from './client-note';
import { audioOptions } from './programme-draft';

/**
 * One client's record for the practitioner (docs/programmes.md "Screens"): what was assigned and how far it was
 * listened, a private note only admins read, their orders, appointments and audio, and assigning something more.
 * The dashboard's shared reads (src/lib/admin-api/) give the purchases, appointments and catalogue; the health
 * form comes from the intake feature, composed by the route.
 */
export function ClientRecord({
  userId,
  name,
  email,
  onClose,
  now = new Date(),
  intake,
}: {
  userId: string;
  name: string;
  email: string;
  onClose: () => void;
  now?: Date;
  /** The client's health form (the intake feature's, composed by the route). */
  intake?: ReactNode;
}) {
  const assignments = useQuery(assignmentsQuery(userId));
  const orders = useQuery(clientOrdersQuery(userId));
  const appointments = useQuery(clientAppointmentsQuery(userId));
  const purchases = useQuery(customerPurchasesQuery(userId));
  const templates = useQuery(templatesQuery());
  const products = useQuery(productsQuery(''));
  const [removed, setRemoved] = useState<Message>(null);
  const audios = audioOptions(products.data);

  return (
    <DetailPanel title={text.heading(name)} closeLabel={adminText.close} onClose={onClose}>
      <h4 className="font-semibold text-foreground">{text.assignedHeading}</h4>
      {removed ? (
        <Notice key={removed.text} variant={removed.variant} focus>
          {removed.text}
        </Notice>
      ) : null}
      <QueryState query={assignments}>
        {({ assignments: rows, progress }) =>
          rows.length === 0 ? (
            <p className="text-muted-foreground">{text.noAssignments}</p>
          ) : (
            <div className="space-y-4">
              {rows.map((assignment) => (
                <AssignmentProgress
                  key={assignment.id}
                  assignment={assignment}
                  progress={progress}
                  now={now}
                  audios={audios}
                  onRemoved={setRemoved}
                />
              ))}
            </div>
          )
        }
      </QueryState>

      <ClientNote userId={userId} />

      <RecordList
        heading={text.ordersHeading}
        empty={text.noOrders}
        query={orders}
        item={(order) => (
          <li key={order.id}>
            {formatDate(order.created_at)}, {formatPence(order.amount_pence, { exact: true })} ({order.status}
            )
          </li>
        )}
      />

      {intake}

      <RecordList
        heading={text.appointmentsHeading}
        empty={text.noAppointments}
        query={appointments}
        item={(row) => (
          <li key={row.id}>
            {formatDateTime(row.starts_at)}, {row.event_type}
            {row.status === 'canceled' ? ` (${text.cancelled})` : ''}
          </li>
        )}
      />

      <RecordList
        heading={text.purchasesHeading}
        empty={text.noPurchases}
        query={purchases}
        item={(purchase) => (
          <li key={purchase.id}>
            {purchase.title} ({formatDate(purchase.created_at)})
          </li>
        )}
      />

      {templates.data && products.data ? (
        <AssignForm email={email} programmes={templates.data} audios={audios} />
      ) : null}
    </DetailPanel>
  );
}

/** A part of the record read by its own query: its heading, then its rows as a list, or the empty line. */
function RecordList<Row>({
  heading,
  empty,
  query,
  item,
}: {
  heading: string;
  empty: string;
  query: { isPending: boolean; error: Error | null; data: Row[] | undefined; refetch: () => unknown };
  item: (row: Row) => ReactNode;
}) {
  return (
    <>
      <h4 className="font-semibold text-foreground">{heading}</h4>
      <QueryState query={query}>
        {(rows) =>
          rows.length === 0 ? (
            <p className="text-muted-foreground">{empty}</p>
          ) : (
            <ul className="list-disc space-y-1 pl-6">{rows.map(item)}</ul>
          )
        }
      </QueryState>
    </>
  );
}
