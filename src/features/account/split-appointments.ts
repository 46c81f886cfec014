import type { AccountAppointment } from './api/appointments';

/** Upcoming (not yet ended and not cancelled, soonest first) and past or cancelled (latest first). */
export function splitAppointments(
  appointments: AccountAppointment[],
  now: Date,
): { upcoming: AccountAppointment[]; past: AccountAppointment[] } {
  const isUpcoming = (a: AccountAppointment) =>
    a.status === 'active' && new Date(a.endsAt).getTime() > now.getTime();
  return {
    upcoming: appointments.filter(isUpcoming),
    past: appointments.filter((a) => !isUpcoming(a)).reverse(),
  };
}
