// The sleep timer's fade (docs/player.md "Sleep"): a minutes timer fades the volume out over its last 30 s and
// then tells the store it ran out; the end-of-track timer fades over the track's last 15 s. The store keeps
// the choice (when it ends); this keeps the volume factor the engine multiplies the listener's volume by.
import { fadeFactor } from './player-logic';
import type { SleepTimer } from './player-types';

/** Seconds of fade-out before a sleep timer stops playback. */
export const SLEEP_FADE_SECONDS = 30;
/** Seconds of fade-out at the end of the track when the timer is set to the end of the track. */
export const END_OF_TRACK_FADE_SECONDS = 15;

export interface SleepFadeHost {
  /** The factor changed: apply the volume again. */
  apply: () => void;
  /** A minutes timer ran out (the fade reached silence). */
  elapsed: () => void;
}

export interface SleepFade {
  /** 0..1: what the listener's volume is multiplied by. */
  factor: () => number;
  /** A timer was set, changed or cleared: full volume again, then the minutes timer's fade as it comes. */
  follow: (sleep: SleepTimer | null) => void;
  /** The track played on (the end-of-track timer fades by the position). */
  progress: (sleep: SleepTimer | null, currentTime: number, duration: number) => void;
  /** The track ended: the end-of-track timer's fade is over, the next listen starts at full volume. */
  ended: (sleep: SleepTimer | null) => void;
  dispose: () => void;
}

export function createSleepFade(host: SleepFadeHost): SleepFade {
  let factor = 1;
  let interval: ReturnType<typeof setInterval> | undefined;

  return {
    factor: () => factor,
    follow(sleep) {
      clearInterval(interval);
      interval = undefined;
      factor = 1;
      if (sleep?.kind === 'minutes') {
        const tick = () => {
          factor = fadeFactor(Date.now(), sleep.endsAt, SLEEP_FADE_SECONDS);
          host.apply();
          if (factor === 0) host.elapsed();
        };
        interval = setInterval(tick, 1000);
        tick();
      }
      host.apply();
    },
    progress(sleep, currentTime, duration) {
      if (sleep?.kind !== 'end-of-track' || !Number.isFinite(duration)) return;
      factor = Math.min(1, Math.max(0, (duration - currentTime) / END_OF_TRACK_FADE_SECONDS));
      host.apply();
    },
    ended(sleep) {
      if (sleep?.kind !== 'end-of-track') return;
      factor = 1;
      host.apply();
    },
    dispose: () => clearInterval(interval),
  };
}
