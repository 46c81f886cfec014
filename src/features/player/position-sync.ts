// Listening positions saved to the account (public.listening_positions, docs/listening-positions.md), so the
// player resumes on any device. Writes go at most every 15 s per track while playing, at once on pause, and
// with a keepalive request when the page is hidden (it may never come back). What cannot be sent (offline, a
// failed request) waits in an outbox in localStorage and is sent when the browser is back online; the
// database keeps the newest position, so a late one never overwrites a newer one from another device.
import type { SupabaseClient } from '@supabase/supabase-js';
import { supabaseEnv } from '@/config/supabase-env';
import { getSupabase } from '@/lib/supabase';
import { browserStorage, readOutbox, writeOutbox } from '@/lib/stored-outbox';

/** Seconds between writes of one track's position while it plays. */
export const WRITE_EVERY_MS = 15_000;
const DEVICE_KEY = 'hypnotherapy-device';
const OUTBOX_PREFIX = 'hypnotherapy-positions-outbox-';

export type DeviceKind = 'phone' | 'tablet' | 'computer';

/** Where a track was left, on this device or another. */
export interface ListeningPosition {
  /** The track's audio id (Track.productId: a catalogue product or a private audio). */
  productId: string;
  seconds: number;
  rate: number;
  deviceId: string;
  deviceKind: DeviceKind;
  /** When the position was reached (ms since the epoch). */
  playedAt: number;
}

/** How positions reach the account and come back; the browser's is `restTransport`. */
export interface PositionTransport {
  read: () => Promise<ListeningPosition[]>;
  /** Resolves when stored; rejects when not (offline, refused). */
  write: (positions: readonly ListeningPosition[], options: { keepalive: boolean }) => Promise<void>;
}

export interface PositionSync {
  /** This browser's random id and kind, as saved with its positions. */
  readonly device: { id: string; kind: DeviceKind };
  /** The account's positions (empty when they cannot be read: offline, signed out). */
  read: () => Promise<ListeningPosition[]>;
  /** Queues a position: sent now when `urgent` (pause, page hidden), else at most every 15 s per track. */
  record: (position: Omit<ListeningPosition, 'deviceId' | 'deviceKind'>, urgent?: 'pause' | 'hidden') => void;
  /** Sends what waits (after coming back online). */
  flush: (keepalive?: boolean) => Promise<void>;
  dispose: () => void;
}

/** The kind of device, for 'played on your phone': from the user agent, nothing more precise. */
export function deviceKindOf(userAgent: string): DeviceKind {
  if (/iPad|Tablet|PlayBook|Silk|Android(?!.*Mobile)/i.test(userAgent)) return 'tablet';
  if (/Mobi|iPhone|iPod|Android/i.test(userAgent)) return 'phone';
  return 'computer';
}

/** A random id for this browser, kept in localStorage (it names no one; it only tells devices apart). */
export function thisDevice(): { id: string; kind: DeviceKind } {
  const store = browserStorage();
  let id = store?.getItem(DEVICE_KEY) ?? '';
  if (!/^[0-9a-f-]{36}$/.test(id)) {
    id = crypto.randomUUID();
    try {
      store?.setItem(DEVICE_KEY, id);
    } catch {
      // Blocked storage: a new id per visit, so this browser's own positions may be offered back to it.
    }
  }
  return { id, kind: deviceKindOf(typeof navigator === 'undefined' ? '' : navigator.userAgent) };
}

const DEVICE_KINDS: readonly string[] = ['phone', 'tablet', 'computer'];

function isPosition(value: unknown): value is ListeningPosition {
  if (!value || typeof value !== 'object') return false;
  const p = value as Record<string, unknown>;
  return (
    typeof p.productId === 'string' &&
    typeof p.seconds === 'number' &&
    typeof p.rate === 'number' &&
    typeof p.deviceId === 'string' &&
    typeof p.deviceKind === 'string' &&
    DEVICE_KINDS.includes(p.deviceKind) &&
    typeof p.playedAt === 'number'
  );
}

interface Row {
  product_id: string;
  position_seconds: number;
  rate: number | string;
  device_id: string;
  device_kind: DeviceKind;
  played_at: string;
}

/**
 * The browser's transport: PostgREST with the signed-in session. Writes are plain fetches (an upsert) so the
 * one sent as the page is hidden can be `keepalive`; sendBeacon cannot carry the Authorization header.
 */
export function restTransport(
  project: { url: string; anonKey: string; client: () => Promise<SupabaseClient> } = {
    url: supabaseEnv.supabaseUrl,
    anonKey: supabaseEnv.supabaseAnonKey,
    client: getSupabase,
  },
): PositionTransport {
  let token: string | null = null;
  const base = `${project.url.replace(/\/+$/, '')}/rest/v1/listening_positions`;
  const freshToken = async () => {
    const { data } = await (await project.client()).auth.getSession();
    token = data.session?.access_token ?? null;
    return token;
  };
  return {
    async read() {
      const client = await project.client();
      const { data, error } = await client
        .from('listening_positions')
        .select('product_id, position_seconds, rate, device_id, device_kind, played_at');
      if (error) throw new Error(error.message);
      return (data as Row[]).map((row) => ({
        productId: row.product_id,
        seconds: row.position_seconds,
        rate: Number(row.rate),
        deviceId: row.device_id,
        deviceKind: row.device_kind,
        playedAt: Date.parse(row.played_at),
      }));
    },
    async write(positions, { keepalive }) {
      // Hidden: no await before the request (the page may be frozen), so the token last seen is used.
      const bearer = keepalive && token ? token : await freshToken();
      if (!bearer) throw new Error('Signed out');
      const response = await fetch(`${base}?on_conflict=user_id,product_id`, {
        method: 'POST',
        keepalive,
        headers: {
          apikey: project.anonKey,
          Authorization: `Bearer ${bearer}`,
          'Content-Type': 'application/json',
          Prefer: 'resolution=merge-duplicates,return=minimal',
        },
        body: JSON.stringify(
          positions.map((p) => ({
            product_id: p.productId,
            position_seconds: Math.max(0, Math.floor(p.seconds)),
            rate: p.rate,
            device_id: p.deviceId,
            device_kind: p.deviceKind,
            played_at: new Date(p.playedAt).toISOString(),
          })),
        ),
      });
      if (!response.ok) throw new Error(`Saving positions failed: ${response.status}`);
    },
  };
}

/**
 * Positions of one account (`accountKey`, as the player's own storage key, names no one). `now` and the
 * timers are injectable for tests.
 */
export function createPositionSync(
  accountKey: string,
  transport: PositionTransport,
  options: { now?: () => number; device?: { id: string; kind: DeviceKind } } = {},
): PositionSync {
  const now = options.now ?? Date.now;
  const device = options.device ?? thisDevice();
  const outboxKey = OUTBOX_PREFIX + accountKey;
  const outbox = readOutbox(outboxKey, isPosition, (p) => p.productId);
  const lastSent = new Map<string, number>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let sending: Promise<void> | null = null;
  let disposed = false;

  const online = () => typeof navigator === 'undefined' || navigator.onLine !== false;

  async function flush(keepalive = false): Promise<void> {
    clearTimeout(timer);
    timer = undefined;
    if (disposed || outbox.size === 0 || !online()) return;
    // One request at a time; what was queued meanwhile goes right after it.
    if (sending && !keepalive) return sending.then(() => flush());
    const batch = [...outbox.values()];
    const attempt = transport.write(batch, { keepalive }).then(
      () => {
        const sentAt = now();
        for (const sent of batch) {
          lastSent.set(sent.productId, sentAt);
          // Only what was sent leaves the outbox: a newer position queued meanwhile stays.
          if (outbox.get(sent.productId) === sent) outbox.delete(sent.productId);
        }
        writeOutbox(outboxKey, outbox);
      },
      (error: unknown) => {
        console.warn('Listening positions wait to be sent:', error instanceof Error ? error.message : 'error');
      },
    );
    const settled: Promise<void> = attempt.finally(() => {
      if (sending === settled) sending = null;
    });
    sending = settled;
    return settled;
  }

  const onOnline = () => void flush();
  if (typeof window !== 'undefined') window.addEventListener('online', onOnline);
  // Whatever an earlier visit left unsent.
  if (outbox.size > 0) void flush();

  return {
    device,
    async read() {
      try {
        return await transport.read();
      } catch {
        return [];
      }
    },
    record(position, urgent) {
      if (disposed) return;
      outbox.set(position.productId, { ...position, deviceId: device.id, deviceKind: device.kind });
      writeOutbox(outboxKey, outbox);
      if (urgent) {
        void flush(urgent === 'hidden');
        return;
      }
      const wait = (lastSent.get(position.productId) ?? -Infinity) + WRITE_EVERY_MS - now();
      if (wait <= 0) void flush();
      else timer ??= setTimeout(() => void flush(), wait);
    },
    flush,
    dispose() {
      disposed = true;
      clearTimeout(timer);
      if (typeof window !== 'undefined') window.removeEventListener('online', onOnline);
    },
  };
}
