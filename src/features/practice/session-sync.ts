// Listening sessions sent to the account (public.listening_sessions, docs/practice-log.md), with the cadence of
// the position sync (src/features/player/position-sync.ts): at most one write every 15 s while playing, at once
// on pause, with a keepalive request when the page is hidden. Each write carries the session's total so far,
// and the database keeps the largest, so a write sent twice never counts twice. What cannot be sent waits in
// an outbox in localStorage and goes when the browser is back online (or on the next visit).
import { PRACTICE_OUTBOX_PREFIX } from '@/lib/account-device-names';
import { appProject, keepaliveUpsert, type RestProject } from '@/lib/keepalive-upsert';
import { createOutboxSync, type Urgency } from '@/lib/outbox-sync';

/** Milliseconds between writes while a track plays (as the position sync). */
export const SESSION_WRITE_EVERY_MS = 15_000;

/** One listening session: one track, one day, one visit of one device. */
export interface ListeningSession {
  id: string;
  productId: string;
  /** The listener's calendar day, 'YYYY-MM-DD'. */
  day: string;
  /** ms since the epoch. */
  startedAt: number;
  /** Whole seconds heard so far. */
  seconds: number;
  finished: boolean;
}

/** The server refused the write for good (not owned any more, invalid): sending again cannot help. */
export class SessionRefused extends Error {
  constructor(status: number) {
    super(`Listening sessions refused: ${status}`);
    this.name = 'SessionRefused';
  }
}

export interface SessionTransport {
  /** Resolves when stored; rejects when not (offline: Error; refused for good: SessionRefused). */
  write: (sessions: readonly ListeningSession[], options: { keepalive: boolean }) => Promise<void>;
}

export interface SessionSync {
  /** Queues the session's latest total: sent now when `urgent`, else at most every 15 s. */
  record: (session: ListeningSession, urgent?: Urgency) => void;
  flush: (keepalive?: boolean) => Promise<void>;
  dispose: () => void;
}

function isSession(value: unknown): value is ListeningSession {
  if (!value || typeof value !== 'object') return false;
  const s = value as Record<string, unknown>;
  return (
    typeof s.id === 'string' &&
    typeof s.productId === 'string' &&
    typeof s.day === 'string' &&
    /^\d{4}-\d{2}-\d{2}$/.test(s.day) &&
    typeof s.startedAt === 'number' &&
    typeof s.seconds === 'number' &&
    typeof s.finished === 'boolean'
  );
}

/** The browser's transport: a keepalive-able PostgREST upsert with the signed-in session. */
export function restSessionTransport(project: RestProject = appProject): SessionTransport {
  const upsert = keepaliveUpsert(project, 'listening_sessions', 'user_id,id');
  return {
    async write(sessions, { keepalive }) {
      const response = await upsert(
        sessions.map((s) => ({
          id: s.id,
          product_id: s.productId,
          listened_on: s.day,
          started_at: new Date(s.startedAt).toISOString(),
          seconds: Math.max(0, Math.min(86_400, Math.floor(s.seconds))),
          finished: s.finished,
        })),
        { keepalive },
      );
      if (response.ok) return;
      // 401: the session expired (sent again once signed in); 5xx: the server's trouble. Anything else
      // (a track no longer owned after a refund, a malformed row) would be refused again and again.
      if (response.status !== 401 && response.status < 500) throw new SessionRefused(response.status);
      throw new Error(`Saving listening sessions failed: ${response.status}`);
    },
  };
}

/** Sessions of one account (`accountKey` names no one: the player's hashed storage key). */
export function createSessionSync(
  accountKey: string,
  transport: SessionTransport,
  options: { now?: () => number } = {},
): SessionSync {
  const outbox = createOutboxSync({
    storageKey: PRACTICE_OUTBOX_PREFIX + accountKey,
    isItem: isSession,
    keyOf: (s) => s.id,
    // One write every 15 s for all the sessions together.
    intervalKeyOf: () => 'sessions',
    everyMs: SESSION_WRITE_EVERY_MS,
    send: (batch, sendOptions) => transport.write(batch, sendOptions),
    isRefusal: (error) => error instanceof SessionRefused,
    label: 'Listening sessions',
    now: options.now,
  });
  return {
    // A copy: the caller goes on updating its own session object.
    record: (session, urgent) => outbox.put({ ...session }, urgent),
    flush: outbox.flush,
    dispose: outbox.dispose,
  };
}
