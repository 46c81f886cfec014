import type { SupabaseClient } from '@supabase/supabase-js';
import { fullNameOf } from '@/lib/full-name';
import { fetchAppointments, type AccountAppointment } from './appointments';
import { fetchOrders, type AccountOrder } from './orders';

// What the server holds of the caller, for `Download my data` (the document and its download:
// ../account-export.ts).

/** What `Download my data` collects from the server: only the caller's own rows (RLS and the filters). */
export interface ServerAccountData {
  account: {
    id: string;
    email: string | null;
    /** The name given in My Account (auth metadata `full_name`), null when none. */
    fullName: string | null;
    createdAt: string | null;
    emailConfirmedAt: string | null;
    lastSignInAt: string | null;
    roles: string[];
  };
  purchases: {
    id: string;
    productId: string | null;
    orderId: string | null;
    title: string;
    category: string | null;
    price: number;
    purchasedAt: string;
  }[];
  orders: AccountOrder[];
  /** Received from the scheduler (docs/appointments.md). */
  appointments: AccountAppointment[];
  /** Where each track was left, at what speed, on what kind of device (docs/listening-positions.md). */
  listeningPositions: {
    productId: string;
    positionSeconds: number;
    rate: number;
    deviceKind: string;
    playedAt: string;
  }[];
  /**
   * What the practitioner assigned (programmes with their steps, single audio, notes) and how far each
   * assigned audio was listened (docs/programmes.md). The practitioner's private note is not the client's.
   */
  assignments: unknown[];
  programmeProgress: {
    productId: string;
    furthestSeconds: number;
    listenedAt: string | null;
    lastListenedAt: string;
  }[];
  /** Each listening session of the practice log (docs/practice-log.md). */
  listeningSessions: {
    productId: string;
    day: string;
    startedAt: string;
    seconds: number;
    finished: boolean;
  }[];
  /** The health form: answers, consents with their times and wording (docs/intake-and-reminders.md). */
  intake: unknown;
  /** The settings reminders use (the time zone). */
  clientSettings: unknown;
}

interface ListeningSessionExportRow {
  product_id: string;
  listened_on: string;
  started_at: string;
  seconds: number;
  finished: boolean;
}

interface ListeningPositionExportRow {
  product_id: string;
  position_seconds: number;
  rate: number | string;
  device_kind: string;
  played_at: string;
}

interface ProgrammeProgressRow {
  product_id: string;
  furthest_seconds: number;
  listened_at: string | null;
  last_listened_at: string;
}

interface PurchaseExportRow {
  id: string;
  product_id: string | null;
  order_id: string | null;
  title: string;
  category: string | null;
  price: number | string;
  created_at: string;
}

export async function fetchAccountData(client: SupabaseClient): Promise<ServerAccountData> {
  const { data: userData, error: userError } = await client.auth.getUser();
  if (userError || !userData.user) throw new Error(userError?.message ?? 'Not signed in');
  const user = userData.user;
  const [
    purchases,
    orders,
    roles,
    appointments,
    positions,
    sessions,
    assignments,
    progress,
    intake,
    settings,
  ] = await Promise.all([
    client
      .from('purchases')
      .select('id, product_id, order_id, title, category, price, created_at')
      .eq('user_id', user.id)
      .order('created_at', { ascending: false }),
    fetchOrders(client, user.id),
    client.from('user_roles').select('role').eq('user_id', user.id),
    fetchAppointments(client, user.id),
    client
      .from('listening_positions')
      .select('product_id, position_seconds, rate, device_kind, played_at')
      .eq('user_id', user.id)
      .order('played_at', { ascending: false }),
    client
      .from('listening_sessions')
      .select('product_id, listened_on, started_at, seconds, finished')
      .eq('user_id', user.id)
      .order('started_at', { ascending: false }),
    client
      .from('client_assignments')
      .select(
        'id, email, note, access, assigned_at, products(title), private_audio(title, duration_seconds, created_at), programmes(title, introduction, sequential_unlock, programme_steps(position, day_number, note, products(title), private_audio(title, duration_seconds, created_at)))',
      )
      .eq('user_id', user.id)
      .order('assigned_at', { ascending: false }),
    client
      .from('programme_progress')
      .select('product_id, furthest_seconds, listened_at, last_listened_at')
      .eq('user_id', user.id),
    client
      .from('intakes')
      .select(
        'answers, health_data_consent_at, hypnotherapy_consent_at, consent_wording, submitted_at, created_at, updated_at',
      )
      .eq('user_id', user.id)
      .maybeSingle(),
    client.from('client_settings').select('time_zone, updated_at').eq('user_id', user.id).maybeSingle(),
  ]);
  if (intake.error) throw new Error(intake.error.message);
  if (settings.error) throw new Error(settings.error.message);
  if (purchases.error) throw new Error(purchases.error.message);
  if (assignments.error) throw new Error(assignments.error.message);
  if (progress.error) throw new Error(progress.error.message);
  if (roles.error) throw new Error(roles.error.message);
  if (positions.error) throw new Error(positions.error.message);
  if (sessions.error) throw new Error(sessions.error.message);
  return {
    account: {
      id: user.id,
      email: user.email ?? null,
      fullName: fullNameOf(user.user_metadata),
      createdAt: user.created_at ?? null,
      emailConfirmedAt: user.email_confirmed_at ?? null,
      lastSignInAt: user.last_sign_in_at ?? null,
      roles: ((roles.data ?? []) as { role: string }[]).map((row) => row.role),
    },
    purchases: ((purchases.data ?? []) as PurchaseExportRow[]).map((row) => ({
      id: row.id,
      productId: row.product_id,
      orderId: row.order_id,
      title: row.title,
      category: row.category,
      price: Number(row.price),
      purchasedAt: row.created_at,
    })),
    orders,
    appointments,
    listeningPositions: ((positions.data ?? []) as ListeningPositionExportRow[]).map((row) => ({
      productId: row.product_id,
      positionSeconds: row.position_seconds,
      rate: Number(row.rate),
      deviceKind: row.device_kind,
      playedAt: row.played_at,
    })),
    listeningSessions: ((sessions.data ?? []) as ListeningSessionExportRow[]).map((row) => ({
      productId: row.product_id,
      day: row.listened_on,
      startedAt: row.started_at,
      seconds: row.seconds,
      finished: row.finished,
    })),
    assignments: (assignments.data ?? []) as unknown[],
    programmeProgress: ((progress.data ?? []) as ProgrammeProgressRow[]).map((row) => ({
      productId: row.product_id,
      furthestSeconds: row.furthest_seconds,
      listenedAt: row.listened_at,
      lastListenedAt: row.last_listened_at,
    })),
    intake: intake.data ?? null,
    clientSettings: settings.data ?? null,
  };
}
