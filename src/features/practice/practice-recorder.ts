// Measures listening for the practice log (docs/practice-log.md): the time audio actually sounded, by the
// clock, whatever the speed, and whether a track was heard to its end. The player says when sound starts and
// stops and reports as it plays; what is heard goes to the account through the session sync.
import { localDay } from './practice-days';
import type { ListeningSession, SessionSync } from './session-sync';

/**
 * The longest stretch between two reports that counts in full. The player reports every few seconds while
 * sound plays; a longer silence (the device slept, the tab was frozen) is not counted as listening.
 */
export const MAX_COUNTED_GAP_MS = 30_000;

export interface PracticeRecorder {
  /** Sound started (or resumed) for `productId`. */
  start: (productId: string) => void;
  /** The player's periodic report while sounding; `urgent` sends now ('hidden': with keepalive). */
  update: (urgent?: 'pause' | 'hidden') => void;
  /** Sound stopped (paused, buffering, closed); the session stays open for this track today. */
  stop: (urgent?: 'pause') => void;
  /** `productId` was heard to its end. */
  finish: (productId: string) => void;
  dispose: () => void;
}

export function createPracticeRecorder(
  sync: SessionSync,
  options: { now?: () => number; newId?: () => string } = {},
): PracticeRecorder {
  const now = options.now ?? Date.now;
  const newId = options.newId ?? (() => crypto.randomUUID());
  let session: ListeningSession | null = null;
  /** Exact milliseconds heard in the open session (the row carries whole seconds). */
  let heardMs = 0;
  /** When sound was last accounted for; null while silent. */
  let soundingSince: number | null = null;

  const open = (productId: string, at: number) => {
    session = { id: newId(), productId, day: localDay(at), startedAt: at, seconds: 0, finished: false };
    heardMs = 0;
  };

  const send = (urgent?: 'pause' | 'hidden') => {
    if (!session || (session.seconds === 0 && !session.finished)) return; // nothing heard yet
    sync.record(session, urgent);
  };

  /** Adds the sound since the last report; a new day starts a new session (the log counts it there). */
  const account = (at: number) => {
    if (!session || soundingSince === null) return;
    heardMs += Math.min(Math.max(0, at - soundingSince), MAX_COUNTED_GAP_MS);
    soundingSince = at;
    session = { ...session, seconds: Math.floor(heardMs / 1000) };
    if (localDay(at) !== session.day) {
      send('pause');
      open(session.productId, at);
    }
  };

  return {
    start(productId) {
      const at = now();
      account(at);
      if (!session || session.productId !== productId || session.finished || session.day !== localDay(at)) {
        if (session) send('pause');
        open(productId, at);
      }
      soundingSince = at;
    },
    update(urgent) {
      account(now());
      send(urgent);
    },
    stop(urgent) {
      account(now());
      soundingSince = null;
      send(urgent);
    },
    finish(productId) {
      account(now());
      soundingSince = null;
      if (!session || session.productId !== productId) return;
      session = { ...session, finished: true };
      send('pause');
      session = null; // heard again: a new session
    },
    dispose() {
      account(now());
      soundingSince = null;
      send('pause');
      sync.dispose();
    },
  };
}
