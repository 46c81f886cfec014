import { useQuery } from '@tanstack/react-query';
import { CalendarDays, LoaderCircle } from 'lucide-react';
import { AppLink } from '@/components/ui/app-link';
import { Button, buttonVariants } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { accountText } from '@/content/account';
import { formatDateTimeGB } from './account-format';
import { SectionCard } from '@/components/ui/section-card';
import { appointmentsQueryOptions, splitAppointments, type AccountAppointment } from './appointments-api';

const text = accountText.appointments;

function SchedulerLink({ href, label, short }: { href: string; label: string; short: string }) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={`${label}${text.newTab}`}
      className={buttonVariants({ variant: 'secondary', size: 'sm' })}
    >
      {short}
    </a>
  );
}

function AppointmentItem({ appointment, upcoming }: { appointment: AccountAppointment; upcoming: boolean }) {
  const when = formatDateTimeGB(appointment.startsAt);
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-4">
      <div className="min-w-0">
        <h4 className="font-semibold text-foreground">
          <time dateTime={appointment.startsAt}>{when}</time>
        </h4>
        <p className="text-sm text-muted-foreground">
          {appointment.eventType}
          {appointment.status === 'canceled' ? ` · ${text.cancelled}` : null}
        </p>
      </div>
      {upcoming && (appointment.rescheduleUrl || appointment.cancelUrl) ? (
        <div className="flex flex-wrap gap-2">
          {appointment.rescheduleUrl ? (
            <SchedulerLink
              href={appointment.rescheduleUrl}
              label={text.reschedule(when)}
              short={text.rescheduleShort}
            />
          ) : null}
          {appointment.cancelUrl ? (
            <SchedulerLink href={appointment.cancelUrl} label={text.cancel(when)} short={text.cancelShort} />
          ) : null}
        </div>
      ) : null}
    </li>
  );
}

function AppointmentList({
  title,
  empty,
  items,
  upcoming,
}: {
  title: string;
  empty: string;
  items: AccountAppointment[];
  upcoming: boolean;
}) {
  return (
    <div>
      <h3 className="text-lg font-semibold text-foreground">{title}</h3>
      {items.length === 0 ? (
        <p className="mt-2 text-muted-foreground">{empty}</p>
      ) : (
        <ul className="mt-2 divide-y divide-border border-y border-border" aria-label={title}>
          {items.map((appointment) => (
            <AppointmentItem key={appointment.id} appointment={appointment} upcoming={upcoming} />
          ))}
        </ul>
      )}
    </div>
  );
}

/** The user's appointments from the scheduler: upcoming with its reschedule and cancel links, then past. */
export function AppointmentsSection({ userId, now = new Date() }: { userId: string; now?: Date }) {
  const appointments = useQuery(appointmentsQueryOptions(userId));
  return (
    <SectionCard id="appointments" title={text.title} lead={text.lead}>
      {appointments.isPending ? (
        <p role="status" className="flex items-center gap-2 text-muted-foreground">
          <LoaderCircle aria-hidden="true" className="size-5 animate-spin" />
          {text.loading}
        </p>
      ) : appointments.isError ? (
        <div role="alert" className="flex flex-wrap items-center gap-3">
          <p className="text-destructive">{text.error}</p>
          <Button size="sm" variant="secondary" onClick={() => void appointments.refetch()}>
            {text.retry}
          </Button>
        </div>
      ) : (
        <AppointmentLists appointments={appointments.data} now={now} />
      )}
    </SectionCard>
  );
}

function AppointmentLists({ appointments, now }: { appointments: AccountAppointment[]; now: Date }) {
  const { upcoming, past } = splitAppointments(appointments, now);
  return (
    <div className="space-y-6">
      <AppointmentList title={text.upcoming} empty={text.noUpcoming} items={upcoming} upcoming />
      {upcoming.length === 0 ? (
        <AppLink
          to={paths.virtualAppointments}
          className={buttonVariants({ variant: 'secondary', size: 'md' })}
        >
          <CalendarDays aria-hidden="true" />
          {text.book}
        </AppLink>
      ) : null}
      <AppointmentList title={text.past} empty={text.noPast} items={past} upcoming={false} />
    </div>
  );
}
