import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { adminText } from '@/content/admin';
import { clientRecordText as text } from '@/content/programmes';
import { customerPurchasesQuery } from '@/lib/admin-api/customer-purchases';
import { productsQuery } from '@/lib/admin-api/products';
import { DetailPanel } from '@/components/ui/detail-panel';
import { formatDate, formatDateTime } from '@/lib/practice-dates';
import { type Message, messageOf, Notice } from '@/components/ui/notice';
import { QueryState } from '@/components/ui/query-state';
import { inputClass } from '@/components/ui/input-style';
import { clientAppointmentsQuery } from '@/lib/admin-api/appointments';
import { DataTable } from '@/components/ui/data-table';
import { formatPence } from '@/lib/format';
import { AssignForm } from './assign-form';
import { AssignmentActions } from './assignment-actions';
import { audioOptions, type AudioOption } from './programme-draft';
import { minutesListened, stepStates, type Assignment, type ListeningProgress } from './programme-steps';
import { assignmentsQuery } from './api/assignments';
import { clientNoteQuery, useSaveClientNote } from './api/client-notes';
import { clientOrdersQuery } from './api/client-orders';
import { templatesQuery } from './api/templates';

/**
 * One client's record for the practitioner: what was assigned and how far it was listened, a private note only
 * admins read, their orders, appointments and audio, and assigning something more.
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

      <h4 className="font-semibold text-foreground">{text.ordersHeading}</h4>
      <QueryState query={orders}>
        {(rows) =>
          rows.length === 0 ? (
            <p className="text-muted-foreground">{text.noOrders}</p>
          ) : (
            <ul className="list-disc space-y-1 pl-6">
              {rows.map((order) => (
                <li key={order.id}>
                  {formatDate(order.created_at)}, {formatPence(order.amount_pence, { exact: true })} (
                  {order.status})
                </li>
              ))}
            </ul>
          )
        }
      </QueryState>

      {intake}

      <h4 className="font-semibold text-foreground">{text.appointmentsHeading}</h4>
      <QueryState query={appointments}>
        {(rows) =>
          rows.length === 0 ? (
            <p className="text-muted-foreground">{text.noAppointments}</p>
          ) : (
            <ul className="list-disc space-y-1 pl-6">
              {rows.map((row) => (
                <li key={row.id}>
                  {formatDateTime(row.starts_at)}, {row.event_type}
                  {row.status === 'canceled' ? ` (${text.cancelled})` : ''}
                </li>
              ))}
            </ul>
          )
        }
      </QueryState>

      <h4 className="font-semibold text-foreground">{text.purchasesHeading}</h4>
      <QueryState query={purchases}>
        {(owned) =>
          owned.length === 0 ? (
            <p className="text-muted-foreground">{text.noPurchases}</p>
          ) : (
            <ul className="list-disc space-y-1 pl-6">
              {owned.map((purchase) => (
                <li key={purchase.id}>
                  {purchase.title} ({formatDate(purchase.created_at)})
                </li>
              ))}
            </ul>
          )
        }
      </QueryState>

      {templates.data && products.data ? (
        <AssignForm email={email} programmes={templates.data} audios={audios} />
      ) : null}
    </DetailPanel>
  );
}

function AssignmentProgress({
  assignment,
  progress,
  now,
  audios,
  onRemoved,
}: {
  assignment: Assignment;
  progress: ReadonlyMap<string, ListeningProgress>;
  now: Date;
  audios: AudioOption[];
  onRemoved: (message: Message) => void;
}) {
  const title = assignment.programme?.title ?? assignment.audio?.title ?? '';
  const states = assignment.programme
    ? stepStates(assignment.programme, assignment.assignedAt, progress, now)
    : assignment.audio
      ? [
          {
            step: {
              id: assignment.id,
              position: 1,
              dayNumber: 1,
              note: '',
              productId: assignment.audio.productId,
              title: assignment.audio.title,
            },
            progress: progress.get(assignment.audio.productId) ?? null,
          },
        ]
      : [];
  return (
    <div className="space-y-2 rounded-lg border border-border p-3">
      <p>
        <span className="font-semibold">{title}</span> · {text.assignedOn(formatDate(assignment.assignedAt))}{' '}
        ·{' '}
        {assignment.audio?.uploadedFile
          ? text.uploaded
          : assignment.access === 'granted'
            ? text.included
            : text.offered}
      </p>
      {assignment.note ? <p className="text-sm text-muted-foreground">{assignment.note}</p> : null}
      <DataTable
        caption={text.stepsCaption(title)}
        rows={states}
        rowKey={(state) => state.step.id}
        empty={text.noAssignments}
        columns={[
          { header: text.step, numeric: true, cell: (state) => state.step.position },
          { header: text.day, numeric: true, cell: (state) => state.step.dayNumber },
          { header: text.audio, className: 'min-w-40', cell: (state) => state.step.title },
          {
            header: text.listened,
            cell: (state) => (state.progress?.listenedAt ? text.yes : text.no),
          },
          { header: text.minutes, numeric: true, cell: (state) => minutesListened(state.progress) },
          {
            header: text.lastListened,
            cell: (state) => (state.progress ? formatDateTime(state.progress.lastListenedAt) : text.never),
          },
        ]}
      />
      <AssignmentActions assignment={assignment} title={title} audios={audios} onRemoved={onRemoved} />
    </div>
  );
}

function ClientNote({ userId }: { userId: string }) {
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
