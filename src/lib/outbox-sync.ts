// The send loop the account's two write-behind syncs share (listening positions,
// src/features/player/position-sync.ts; practice sessions, src/features/practice/session-sync.ts). What is
// queued waits in localStorage (stored-outbox.ts); it goes at most every `everyMs` per interval key while a
// track plays, at once when urgent (a pause; the page hidden, as a keepalive request), one request at a time,
// and again when the browser is back online (or on the next visit).
import { readOutbox, writeOutbox } from './stored-outbox';

/** Why a write cannot wait: the listener paused, or the page is being hidden (it may never come back). */
export type Urgency = 'pause' | 'hidden';

export interface OutboxSync<T> {
  /** Queues `item` in place of any queued one with the same key. */
  put: (item: T, urgent?: Urgency) => void;
  /** Sends what waits (the keepalive one as the page is hidden, alongside any request under way). */
  flush: (keepalive?: boolean) => Promise<void>;
  dispose: () => void;
}

export interface OutboxSyncOptions<T> {
  storageKey: string;
  isItem: (value: unknown) => value is T;
  /** One queued item per key: a newer one replaces it. */
  keyOf: (item: T) => string;
  /** What shares one write interval (a track's positions; all the sessions). */
  intervalKeyOf: (item: T) => string;
  everyMs: number;
  /** Resolves when stored; rejects when not. */
  send: (batch: readonly T[], options: { keepalive: boolean }) => Promise<void>;
  /** A refusal for good (sending again cannot help): the batch is dropped. Otherwise it waits. */
  isRefusal?: (error: unknown) => boolean;
  /** What is sent, for the console's warnings: 'Listening positions'. */
  label: string;
  now?: () => number;
}

export function createOutboxSync<T>(options: OutboxSyncOptions<T>): OutboxSync<T> {
  const { storageKey, keyOf, intervalKeyOf, everyMs, send, label } = options;
  const now = options.now ?? Date.now;
  const outbox = readOutbox(storageKey, options.isItem, keyOf);
  const lastSent = new Map<string, number>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let sending: Promise<void> | null = null;
  let disposed = false;

  const online = () => typeof navigator === 'undefined' || navigator.onLine !== false;

  const settle = (batch: readonly T[]) => {
    // Only what was sent leaves the outbox: a newer item queued meanwhile stays.
    for (const sent of batch) if (outbox.get(keyOf(sent)) === sent) outbox.delete(keyOf(sent));
    // Disposed (signed out, another account): its outbox may have been removed from the device on purpose.
    if (!disposed) writeOutbox(storageKey, outbox);
  };

  async function flush(keepalive = false): Promise<void> {
    clearTimeout(timer);
    timer = undefined;
    if (disposed || outbox.size === 0 || !online()) return;
    // One request at a time; what was queued meanwhile goes right after it.
    if (sending && !keepalive) return sending.then(() => flush());
    const batch = [...outbox.values()];
    const attempt = send(batch, { keepalive }).then(
      () => {
        const sentAt = now();
        for (const sent of batch) lastSent.set(intervalKeyOf(sent), sentAt);
        settle(batch);
      },
      (error: unknown) => {
        const message = error instanceof Error ? error.message : 'error';
        if (options.isRefusal?.(error)) {
          console.warn(`${label} dropped:`, message);
          settle(batch);
          return;
        }
        console.warn(`${label} wait to be sent:`, message);
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
    put(item, urgent) {
      if (disposed) return;
      outbox.set(keyOf(item), item);
      writeOutbox(storageKey, outbox);
      if (urgent) {
        void flush(urgent === 'hidden');
        return;
      }
      const wait = (lastSent.get(intervalKeyOf(item)) ?? -Infinity) + everyMs - now();
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
