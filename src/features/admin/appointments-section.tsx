import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { adminText, appointmentsText as text } from '@/content/admin';
import { customerPurchasesQuery } from './admin-api';
import { AdminSection, DetailPanel, DetailsToggle, formatDate, formatDateTime, QueryState } from './admin-ui';
import {
  adminAppointmentsQuery,
  clientAppointmentsQuery,
  splitByWeek,
  type AdminAppointment,
} from './appointments-api';
import { DataTable } from './data-table';

/** This week's and later appointments; each client's record (audio, appointments) one click away. */
export function AppointmentsSection({ now = new Date() }: { now?: Date }) {
  const query = useQuery(adminAppointmentsQuery());
  const [selected, setSelected] = useState<AdminAppointment | null>(null);
  return (
    <AdminSection title={text.heading}>
      <p className="text-muted-foreground">{text.lead}</p>
      <QueryState query={query}>
        {(rows) => {
          const { thisWeek, later } = splitByWeek(rows, now);
          const table = (caption: string, heading: string, empty: string, items: AdminAppointment[]) => (
            <div className="space-y-3">
              <h3 className="text-xl font-semibold text-foreground">{heading}</h3>
              <DataTable
                caption={caption}
                rows={items}
                rowKey={(row) => row.id}
                empty={empty}
                columns={[
                  { header: text.when, date: (row) => row.starts_at },
                  {
                    header: text.client,
                    className: 'min-w-48 break-all',
                    cell: (row) => (
                      <>
                        <span className="font-semibold">{row.invitee_name}</span>
                        <br />
                        {row.invitee_email}
                      </>
                    ),
                  },
                  { header: text.event, cell: (row) => row.event_type },
                  {
                    header: text.record,
                    cell: (row) =>
                      row.user_id ? (
                        <DetailsToggle
                          label={text.view}
                          accessibleLabel={text.viewLabel(row.invitee_name || row.invitee_email)}
                          expanded={selected?.id === row.id}
                          onToggle={() => setSelected(selected?.id === row.id ? null : row)}
                        />
                      ) : (
                        <span className="text-muted-foreground">{text.noAccount}</span>
                      ),
                  },
                ]}
              />
            </div>
          );
          return (
            <div className="space-y-8">
              {table(text.thisWeekCaption, text.thisWeek, text.noneThisWeek, thisWeek)}
              {table(text.upcomingCaption, text.upcoming, text.noneUpcoming, later)}
            </div>
          );
        }}
      </QueryState>
      {selected?.user_id ? (
        <ClientRecord
          key={selected.id}
          userId={selected.user_id}
          name={selected.invitee_name || selected.invitee_email}
          onClose={() => setSelected(null)}
        />
      ) : null}
    </AdminSection>
  );
}

function ClientRecord({ userId, name, onClose }: { userId: string; name: string; onClose: () => void }) {
  const purchases = useQuery(customerPurchasesQuery(userId));
  const appointments = useQuery(clientAppointmentsQuery(userId));
  return (
    <DetailPanel title={text.recordHeading(name)} closeLabel={adminText.close} onClose={onClose}>
      <h4 className="font-semibold text-foreground">{text.appointmentsHeading}</h4>
      <QueryState query={appointments}>
        {(rows) => (
          <ul className="list-disc space-y-1 pl-6">
            {rows.map((row) => (
              <li key={row.id}>
                {formatDateTime(row.starts_at)}, {row.event_type}
                {row.status === 'canceled' ? ` (${text.cancelled})` : ''}
              </li>
            ))}
          </ul>
        )}
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
      <p className="text-sm text-muted-foreground">{text.ordersNote}</p>
    </DetailPanel>
  );
}
