// The sleep timer as the store keeps it (docs/player.md "Sleep"): a choice becomes a timer, a running minutes
// timer is extended by one press, and the choice this device last made is armed again when sound starts.
// The fade itself is the engine's (sleep-timer.ts).
import type { SleepChoice, SleepTimer } from './player-types';

/** Minutes one press adds to a running sleep timer. */
export const SLEEP_EXTEND_MINUTES = 10;

/** The timer a choice starts at `now` (ms since the epoch). */
export function timerFor(choice: SleepChoice, now: number): SleepTimer {
  return choice === 'end-of-track'
    ? { kind: 'end-of-track' }
    : { kind: 'minutes', minutes: choice, endsAt: now + choice * 60_000 };
}

/**
 * A minutes timer SLEEP_EXTEND_MINUTES longer, counted from when it would have ended (from `now` if that has
 * passed); null for the end-of-track timer or none, which are not extended.
 */
export function extendedTimer(sleep: SleepTimer | null, now: number): SleepTimer | null {
  if (sleep?.kind !== 'minutes') return null;
  const endsAt = Math.max(sleep.endsAt, now) + SLEEP_EXTEND_MINUTES * 60_000;
  return { ...sleep, minutes: sleep.minutes + SLEEP_EXTEND_MINUTES, endsAt };
}

/**
 * The timer to run when the player goes from `wasPlaying` to `next`: sound about to start with no timer running
 * arms `remembered` (the choice this device last made; null: off) again. A sleep listener sets it once.
 */
export function rememberedSleep(
  next: { sleep: SleepTimer | null; isPlaying: boolean },
  wasPlaying: boolean,
  remembered: () => SleepChoice | null,
  now: number,
): SleepTimer | null {
  if (next.sleep || !next.isPlaying || wasPlaying) return next.sleep;
  const choice = remembered();
  return choice === null ? null : timerFor(choice, now);
}
