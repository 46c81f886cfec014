import { queryOptions } from '@tanstack/react-query';
import { getSupabase } from '@/lib/supabase';
import { adminKeys } from './keys';

// Appointments as admins read them (docs/appointments.md): the appointments table under RLS (an admin's policy
// reads every row). The dashboard's appointments tab and the programmes' client record both build on this.

/** One booked appointment, as both the dashboard's list and the client record read it. */
export interface AppointmentRow {
  id: string;
  user_id: string | null;
  invitee_name: string;
  invitee_email: string;
  event_type: string;
  starts_at: string;
  ends_at: string;
}

export const APPOINTMENT_COLUMNS = 'id, user_id, invitee_name, invitee_email, event_type, starts_at, ends_at';

/** Every appointment of one client (cancelled included), latest first: part of the client record. */
export const clientAppointmentsQuery = (userId: string) =>
  queryOptions({
    queryKey: adminKeys.clientAppointments(userId),
    queryFn: async (): Promise<(AppointmentRow & { status: string })[]> => {
      const client = await getSupabase();
      const { data, error } = await client
        .from('appointments')
        .select(`${APPOINTMENT_COLUMNS}, status`)
        .eq('user_id', userId)
        .order('starts_at', { ascending: false });
      if (error) throw new Error(error.message);
      return data as (AppointmentRow & { status: string })[];
    },
  });
