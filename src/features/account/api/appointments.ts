import { queryOptions } from '@tanstack/react-query';
import type { SupabaseClient } from '@supabase/supabase-js';
import { getSupabase } from '@/lib/supabase';
import { accountKeys } from './account-keys';

// The caller's appointments, recorded from the scheduler's webhooks (docs/appointments.md).

export type AppointmentStatus = 'active' | 'canceled';

export interface AccountAppointment {
  id: string;
  eventType: string;
  startsAt: string;
  endsAt: string;
  status: AppointmentStatus;
  /** The scheduler's own pages for this booking (null when it sent none). */
  rescheduleUrl: string | null;
  cancelUrl: string | null;
  inviteeName: string;
  inviteeEmail: string;
}

interface AppointmentRow {
  id: string;
  event_type: string;
  starts_at: string;
  ends_at: string;
  status: AppointmentStatus;
  reschedule_url: string | null;
  cancel_url: string | null;
  invitee_name: string;
  invitee_email: string;
}

const APPOINTMENT_COLUMNS =
  'id, event_type, starts_at, ends_at, status, reschedule_url, cancel_url, invitee_name, invitee_email';

function toAccountAppointment(row: AppointmentRow): AccountAppointment {
  return {
    id: row.id,
    eventType: row.event_type,
    startsAt: row.starts_at,
    endsAt: row.ends_at,
    status: row.status,
    rescheduleUrl: row.reschedule_url,
    cancelUrl: row.cancel_url,
    inviteeName: row.invitee_name,
    inviteeEmail: row.invitee_email,
  };
}

/**
 * The user's own appointments, soonest first. Filtered by user id as well as by RLS: an admin's policy reads
 * every appointment, and My Account shows only theirs.
 */
export async function fetchAppointments(
  client: SupabaseClient,
  userId: string,
): Promise<AccountAppointment[]> {
  const { data, error } = await client
    .from('appointments')
    .select(APPOINTMENT_COLUMNS)
    .eq('user_id', userId)
    .order('starts_at', { ascending: true });
  if (error) throw new Error(error.message);
  return (data as AppointmentRow[]).map(toAccountAppointment);
}

export const appointmentsQuery = (userId: string) =>
  queryOptions({
    queryKey: accountKeys.appointments(userId),
    queryFn: async () => fetchAppointments(await getSupabase(), userId),
  });
