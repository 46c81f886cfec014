import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { OrderStatus } from '@/content/account';
import { signOwnedAudioUrl } from '@/lib/audio-storage';
import { fullNameOf } from '@/lib/full-name';
import { getSupabase } from '@/lib/supabase';
import { fetchAppointments, type AccountAppointment } from './appointments-api';
import { audioFileName } from './file-names';
import { saveBlob } from './save-file';
import { queryKeyRoots } from '@/lib/query-client';

export interface OrderLine {
  position: number;
  kind: 'product' | 'package';
  title: string;
  category: string;
  pricePence: number;
  /** A product line's catalogue product (null for a package, or once the product is deleted). */
  productId: string | null;
  /**
   * A package line's audios (titles, A to Z) from order_items, without prices: the customer paid the package
   * price, and the split over its audios (docs/money.md) is bookkeeping. Empty for a product line.
   */
  audios: string[];
}

/** An audio an order granted, and the line (position) it came from (public.order_items). */
export interface OrderGrantedItem {
  productId: string;
  linePosition: number;
}

export interface AccountOrder {
  id: string;
  createdAt: string;
  status: OrderStatus;
  /** The catalogue total at checkout. */
  amountPence: number;
  /** What was charged (after a promotion code), once paid; null before. */
  amountPaidPence: number | null;
  /** The promotion code paid with (e.g. WELCOME10); null without one or on orders paid before it was kept. */
  promotionCode: string | null;
  currency: string;
  lines: OrderLine[];
  /** Every audio the order grants, with its line: how My Account tells a package's audio from a single. */
  items: OrderGrantedItem[];
  /** Paid for audio already owned and refunded automatically (docs/money.md); 0 when none. */
  autoRefundedPence: number;
  /** A chargeback: open (audio suspended), won (restored), lost (removed); null when none. */
  dispute: 'open' | 'won' | 'lost' | null;
}

interface OrderLineRow {
  position: number;
  kind: 'product' | 'package';
  title: string;
  category: string | null;
  price_pence: number;
  product_id?: string | null;
}

interface OrderItemRow {
  product_id: string;
  line_position: number;
  /** Null when the customer may no longer read the product (unpublished and not owned, e.g. refunded). */
  products: { title: string } | null;
}

interface OrderRow {
  id: string;
  created_at: string;
  status: OrderStatus;
  amount_pence: number;
  amount_paid_pence: number | null;
  promotion_code?: string | null;
  currency: string;
  order_lines: OrderLineRow[] | null;
  order_items?: OrderItemRow[] | null;
  ungranted_pence?: number;
  ungranted_refunded_at?: string | null;
  dispute_status?: 'open' | 'won' | 'lost' | null;
}

const ORDER_COLUMNS =
  'id, created_at, status, amount_pence, amount_paid_pence, promotion_code, currency, ungranted_pence, ungranted_refunded_at, dispute_status, order_lines(position, kind, title, category, price_pence, product_id), order_items(product_id, line_position, products(title))';

export function toAccountOrder(row: OrderRow): AccountOrder {
  const items = row.order_items ?? [];
  const audiosOf = (position: number) =>
    items
      .filter((item) => item.line_position === position)
      .flatMap((item) => (item.products?.title ? [item.products.title] : []))
      .sort((a, b) => a.localeCompare(b, 'en-GB'));
  return {
    id: row.id,
    createdAt: row.created_at,
    status: row.status,
    amountPence: row.amount_pence,
    amountPaidPence: row.amount_paid_pence,
    promotionCode: row.promotion_code ?? null,
    currency: row.currency,
    lines: [...(row.order_lines ?? [])]
      .sort((a, b) => a.position - b.position)
      .map((line) => ({
        position: line.position,
        kind: line.kind,
        title: line.title,
        category: line.category ?? '',
        pricePence: line.price_pence,
        productId: line.product_id ?? null,
        audios: line.kind === 'package' ? audiosOf(line.position) : [],
      })),
    items: items.map((item) => ({ productId: item.product_id, linePosition: item.line_position })),
    autoRefundedPence: row.ungranted_refunded_at ? (row.ungranted_pence ?? 0) : 0,
    dispute: row.dispute_status ?? null,
  };
}

/** The order states My Account lists: those that were paid. */
export const CUSTOMER_ORDER_STATUSES: OrderStatus[] = ['paid', 'refunded'];

/**
 * The user's own paid (or since refunded) orders with their lines, newest first. Filtered by user id as well as by RLS: an admin's
 * policy reads every order, and My Account shows only theirs.
 */
export async function fetchOrders(client: SupabaseClient, userId: string): Promise<AccountOrder[]> {
  const { data, error } = await client
    .from('orders')
    .select(ORDER_COLUMNS)
    .eq('user_id', userId)
    // Paid orders only (refunded ones were paid): a checkout never paid is no order of the customer's
    // (docs/payment-result.md); the admin still sees it.
    .in('status', CUSTOMER_ORDER_STATUSES)
    .order('created_at', { ascending: false });
  if (error) throw new Error(error.message);
  return (data as unknown as OrderRow[]).map(toAccountOrder);
}

export function ordersQueryOptions(userId: string) {
  return queryOptions({
    queryKey: [...queryKeyRoots.account, 'orders', userId],
    queryFn: async () => fetchOrders(await getSupabase(), userId),
  });
}

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

export class DeleteAccountError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
    this.name = 'DeleteAccountError';
  }
}

/** The message of a function's JSON error answer ({ error } or { message }), if it has one. */
async function functionErrorMessage(
  error: unknown,
): Promise<{ message: string | null; status: number | null }> {
  const context = (error as { context?: unknown } | null)?.context;
  if (!(context instanceof Response)) return { message: null, status: null };
  try {
    const body = (await context.clone().json()) as { error?: unknown; message?: unknown };
    const message =
      typeof body.error === 'string' ? body.error : typeof body.message === 'string' ? body.message : null;
    return { message, status: context.status };
  } catch {
    return { message: null, status: context.status };
  }
}

/** Deletes the signed-in user's account through the delete-account edge function (it acts on the caller only). */
export async function deleteOwnAccount(client: SupabaseClient, fallbackMessage: string): Promise<void> {
  const { error } = await client.functions.invoke('delete-account', { method: 'POST', body: {} });
  if (!error) return;
  const { message, status } = await functionErrorMessage(error);
  throw new DeleteAccountError(message ?? fallbackMessage, status);
}

/**
 * Downloads an owned audio as `<title>.mp3`. The signed URL names only the product's object (a product id),
 * and the file is saved from an object URL, so the title appears in no URL, request or log.
 */
export async function downloadOwnedAudio(productId: string, title: string): Promise<void> {
  // The link lives minutes; the download only has to start within them (Storage checks it once, at the start).
  const { url } = await signOwnedAudioUrl(productId);
  const response = await fetch(url);
  if (!response.ok) throw new Error(`The audio could not be downloaded (HTTP ${response.status}).`);
  saveBlob(await response.blob(), audioFileName(title));
}

/**
 * 'Delete my account'. `onDeleted` (tell the customer, sign out) runs while the write is still pending, and only
 * then is the account's data dropped from the cache, so nothing of it is fetched again as the deleted account.
 */
export function useDeleteAccount(onDeleted: () => void | Promise<void>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (fallbackMessage: string) => deleteOwnAccount(await getSupabase(), fallbackMessage),
    onSuccess: async () => {
      await onDeleted();
      queryClient.removeQueries({ queryKey: queryKeyRoots.account });
    },
  });
}

/** 'Download' of an owned audio: a file saved, so nothing to refresh; a failure is logged without the title. */
export function useDownloadOwnedAudio() {
  return useMutation({
    mutationFn: ({ productId, title }: { productId: string; title: string }) =>
      downloadOwnedAudio(productId, title),
    // What someone bought is health data (docs/product-rules.md D26): the log names no audio.
    onError: (error: unknown) =>
      console.warn('Audio download failed:', error instanceof Error ? error.name : 'unknown error'),
  });
}
