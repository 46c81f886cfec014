// Listening sessions sent to the account (public.listening_sessions, docs/practice-log.md), with the cadence of
// the position sync (src/features/player/position-sync.ts): at most one write every 15 s while playing, at once
// on pause, with a keepalive request when the page is hidden. Each write carries the session's total so far,
// and the database keeps the largest, so a write sent twice never counts twice. What cannot be sent waits in
// an outbox in localStorage and goes when the browser is back online (or on the next visit).
import type { SupabaseClient } from '@supabase/supabase-js';
import { supabaseEnv } from '@/config/supabase-env';
import { getSupabase } from '@/lib/supabase';
import { readOutbox, writeOutbox } from '@/lib/stored-outbox';

/** Milliseconds between writes while a track plays (as the position sync). */
export const SESSION_WRITE_EVERY_MS = 15_000;
const OUTBOX_PREFIX = 'hypnotherapy-practice-outbox-';

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
  record: (session: ListeningSession, urgent?: 'pause' | 'hidden') => void;
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

/**
 * The browser's transport: a PostgREST upsert with the signed-in session, as a plain fetch so the one sent as
 * the page is hidden can be `keepalive` (sendBeacon cannot carry the Authorization header).
 */
export function restSessionTransport(
  project: { url: string; anonKey: string; client: () => Promise<SupabaseClient> } = {
    url: supabaseEnv.supabaseUrl,
    anonKey: supabaseEnv.supabaseAnonKey,
    client: getSupabase,
  },
): SessionTransport {
  let token: string | null = null;
  const endpoint = `${project.url.replace(/\/+$/, '')}/rest/v1/listening_sessions?on_conflict=user_id,id`;
  const freshToken = async () => {
    const { data } = await (await project.client()).auth.getSession();
    token = data.session?.access_token ?? null;
    return token;
  };
  return {
    async write(sessions, { keepalive }) {
      // Hidden: no await before the request (the page may be frozen), so the token last seen is used.
      const bearer = keepalive && token ? token : await freshToken();
      if (!bearer) throw new Error('Signed out');
      const response = await fetch(endpoint, {
        method: 'POST',
        keepalive,
        headers: {
          apikey: project.anonKey,
          Authorization: `Bearer ${bearer}`,
          'Content-Type': 'application/json',
          Prefer: 'resolution=merge-duplicates,return=minimal',
        },
        body: JSON.stringify(
          sessions.map((s) => ({
            id: s.id,
            product_id: s.productId,
            listened_on: s.day,
            started_at: new Date(s.startedAt).toISOString(),
            seconds: Math.max(0, Math.min(86_400, Math.floor(s.seconds))),
            finished: s.finished,
          })),
        ),
      });
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
  const now = options.now ?? Date.now;
  const outboxKey = OUTBOX_PREFIX + accountKey;
  const outbox = readOutbox(outboxKey, isSession, (s) => s.id);
  let lastSent = -Infinity;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let sending: Promise<void> | null = null;
  let disposed = false;

  const online = () => typeof navigator === 'undefined' || navigator.onLine !== false;

  const settle = (batch: readonly ListeningSession[]) => {
    // Only what was sent leaves the outbox: a newer total queued meanwhile stays.
    for (const sent of batch) if (outbox.get(sent.id) === sent) outbox.delete(sent.id);
    writeOutbox(outboxKey, outbox);
  };

  async function flush(keepalive = false): Promise<void> {
    clearTimeout(timer);
    timer = undefined;
    if (disposed || outbox.size === 0 || !online()) return;
    // One request at a time; what was queued meanwhile goes right after it.
    if (sending && !keepalive) return sending.then(() => flush());
    const batch = [...outbox.values()];
    const attempt = transport.write(batch, { keepalive }).then(
      () => {
        lastSent = now();
        settle(batch);
      },
      (error: unknown) => {
        if (error instanceof SessionRefused) {
          console.warn('Listening sessions dropped:', error.message);
          settle(batch);
          return;
        }
        console.warn('Listening sessions wait to be sent:', error instanceof Error ? error.message : 'error');
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
    record(session, urgent) {
      if (disposed) return;
      outbox.set(session.id, { ...session });
      writeOutbox(outboxKey, outbox);
      if (urgent) {
        void flush(urgent === 'hidden');
        return;
      }
      const wait = lastSent + SESSION_WRITE_EVERY_MS - now();
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
