// Listening positions saved to the account (public.listening_positions, docs/listening-positions.md), so the
// player resumes on any device. Writes go at most every 15 s per track while playing, at once on pause, and
// with a keepalive request when the page is hidden (it may never come back). What cannot be sent (offline, a
// failed request) waits in an outbox in localStorage and is sent when the browser is back online; the
// database keeps the newest position, so a late one never overwrites a newer one from another device.
import { POSITIONS_OUTBOX_PREFIX } from '@/lib/account-device-names';
import { appProject, keepaliveUpsert, type RestProject } from '@/lib/keepalive-upsert';
import { createOutboxSync, type Urgency } from '@/lib/outbox-sync';
import { browserStorage } from '@/lib/stored-outbox';
import { getSignedInSupabase } from '@/lib/supabase';

/** Seconds between writes of one track's position while it plays. */
export const WRITE_EVERY_MS = 15_000;
const DEVICE_KEY = 'hypnotherapy-device';

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
  record: (position: Omit<ListeningPosition, 'deviceId' | 'deviceKind'>, urgent?: Urgency) => void;
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

/** The browser's transport: PostgREST with the signed-in session (writes: a keepalive-able upsert). */
export function restTransport(project: RestProject = appProject): PositionTransport {
  const upsert = keepaliveUpsert(project, 'listening_positions', 'user_id,product_id');
  return {
    async read() {
      // Nothing is asked in the name of a session the server has ended (a page drawn from the device before
      // the account check): a refusal, not a network failure.
      const client = await getSignedInSupabase(project.client);
      if (!client) throw new Error('Signed out');
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
      const response = await upsert(
        positions.map((p) => ({
          product_id: p.productId,
          position_seconds: Math.max(0, Math.floor(p.seconds)),
          rate: p.rate,
          device_id: p.deviceId,
          device_kind: p.deviceKind,
          played_at: new Date(p.playedAt).toISOString(),
        })),
        { keepalive },
      );
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
  const device = options.device ?? thisDevice();
  const outbox = createOutboxSync({
    storageKey: POSITIONS_OUTBOX_PREFIX + accountKey,
    isItem: isPosition,
    keyOf: (p) => p.productId,
    // Every 15 s per track.
    intervalKeyOf: (p) => p.productId,
    everyMs: WRITE_EVERY_MS,
    send: (batch, sendOptions) => transport.write(batch, sendOptions),
    label: 'Listening positions',
    now: options.now,
  });
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
      outbox.put({ ...position, deviceId: device.id, deviceKind: device.kind }, urgent);
    },
    flush: outbox.flush,
    dispose: outbox.dispose,
  };
}
