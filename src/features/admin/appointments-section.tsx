import { useQuery } from '@tanstack/react-query';
import { Fragment, useState, type ReactNode } from 'react';
import { appointmentsText as text } from '@/content/admin';
import { TitledSection } from '@/components/ui/titled-section';
import { DetailsToggle } from '@/components/ui/detail-panel';
import { QueryState } from '@/components/ui/query-state';
import { adminAppointmentsQuery, splitByWeek, type AdminAppointment } from './appointments-api';
import { DataTable } from '@/components/ui/data-table';

/** This week's and later appointments; each client's record (programmes, orders, audio, appointments) one click away. */
export type RenderClientRecord = (client: {
  userId: string;
  name: string;
  email: string;
  onClose: () => void;
}) => ReactNode;

export function AppointmentsSection({
  now = new Date(),
  renderClientRecord,
}: {
  now?: Date;
  /** The client record panel (the programmes feature's, composed by the route). */
  renderClientRecord: RenderClientRecord;
}) {
  const query = useQuery(adminAppointmentsQuery());
  const [selected, setSelected] = useState<AdminAppointment | null>(null);
  return (
    <TitledSection title={text.heading}>
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
                // Only the table that lists the chosen appointment shows its record (a table keeps a panel whose
                // row has left it, which here would show the record twice).
                detail={
                  selected?.user_id && items.some((item) => item.id === selected.id)
                    ? {
                        rowKey: selected.id,
                        content: (
                          <Fragment key={selected.id}>
                            {renderClientRecord({
                              userId: selected.user_id,
                              name: selected.invitee_name || selected.invitee_email,
                              email: selected.invitee_email,
                              onClose: () => setSelected(null),
                            })}
                          </Fragment>
                        ),
                      }
                    : null
                }
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
                    header: text.intake,
                    cell: (row) =>
                      row.intake === 'in' ? (
                        text.intakeStates.in
                      ) : (
                        <span className="font-semibold text-destructive">
                          {text.intakeStates[row.intake]}
                        </span>
                      ),
                  },
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
    </TitledSection>
  );
}
