import { queryOptions } from '@tanstack/react-query';
import { APPOINTMENT_COLUMNS, type AppointmentRow } from '@/lib/admin-api/appointments';
import { adminKeys } from '@/lib/admin-api/keys';
import { getSupabase } from '@/lib/supabase';

// The dashboard's appointments (docs/appointments.md): the appointments table under RLS (an admin's policy
// reads every row); no admin function is needed to read them. One client's appointments, for the client
// record, are read by src/lib/admin-api/appointments.ts.

export interface AdminAppointment extends AppointmentRow {
  /** The client's health form (docs/intake-and-reminders.md): sent, not yet, or no account to send it from. */
  intake: IntakeState;
}

export type IntakeState = 'in' | 'missing' | 'no-account';
/** More than a practice's week and the months after it hold; the list says when it is cut. */
export const APPOINTMENTS_LIMIT = 500;

const DAY_MS = 86_400_000;

const londonDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/London',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The Monday (YYYY-MM-DD) of the practice's week (Europe/London) that holds an instant. */
export function londonWeekOf(instant: Date): string {
  const day = new Date(`${londonDay.format(instant)}T12:00:00Z`);
  const sinceMonday = (day.getUTCDay() + 6) % 7;
  return new Date(day.getTime() - sinceMonday * DAY_MS).toISOString().slice(0, 10);
}

/** This week's appointments (Monday to Sunday, London) and the ones after it, each soonest first. */
export function splitByWeek(
  rows: AdminAppointment[],
  now: Date,
): { thisWeek: AdminAppointment[]; later: AdminAppointment[] } {
  const week = londonWeekOf(now);
  const thisWeek = rows.filter((row) => londonWeekOf(new Date(row.starts_at)) === week);
  const later = rows.filter((row) => londonWeekOf(new Date(row.starts_at)) > week);
  return { thisWeek, later };
}

/** Active appointments from a week ago on (this week's earlier days included), soonest first. */
export const adminAppointmentsQuery = () =>
  queryOptions({
    queryKey: adminKeys.appointments(),
    queryFn: async (): Promise<AdminAppointment[]> => {
      const client = await getSupabase();
      const { data, error } = await client
        .from('appointments')
        .select(APPOINTMENT_COLUMNS)
        .eq('status', 'active')
        .gte('starts_at', new Date(Date.now() - 7 * DAY_MS).toISOString())
        .order('starts_at', { ascending: true })
        .limit(APPOINTMENTS_LIMIT);
      if (error) throw new Error(error.message);
      return withIntakeState(client, data as AppointmentRow[]);
    },
  });

/** Each appointment with whether its client's health form is in (the intakes an admin reads under RLS). */
async function withIntakeState(
  client: Awaited<ReturnType<typeof getSupabase>>,
  rows: AppointmentRow[],
): Promise<AdminAppointment[]> {
  const userIds = [...new Set(rows.flatMap((row) => (row.user_id ? [row.user_id] : [])))];
  const sent = new Set<string>();
  for (let start = 0; start < userIds.length; start += 100) {
    const { data, error } = await client
      .from('intakes')
      .select('user_id')
      .in('user_id', userIds.slice(start, start + 100))
      .not('submitted_at', 'is', null);
    if (error) throw new Error(error.message);
    for (const row of data as { user_id: string }[]) sent.add(row.user_id);
  }
  return rows.map((row) => ({
    ...row,
    intake: row.user_id === null ? 'no-account' : sent.has(row.user_id) ? 'in' : 'missing',
  }));
}

/** Upcoming appointments whose client has not sent the health form, soonest first (the overview's list). */
export function withoutIntake(rows: AdminAppointment[], now: Date): AdminAppointment[] {
  return rows.filter((row) => row.intake !== 'in' && new Date(row.starts_at).getTime() >= now.getTime());
}

/** How many active appointments start from now on (the overview's figure). */
export const upcomingAppointmentsCountQuery = () =>
  queryOptions({
    queryKey: adminKeys.upcomingAppointments(),
    queryFn: async (): Promise<number> => {
      const client = await getSupabase();
      const { count, error } = await client
        .from('appointments')
        .select('id', { count: 'exact', head: true })
        .eq('status', 'active')
        .gte('starts_at', new Date().toISOString());
      if (error) throw new Error(error.message);
      return count ?? 0;
    },
  });
