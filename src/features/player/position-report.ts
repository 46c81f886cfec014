// The listening position handed to the store as a track plays (docs/listening-positions.md): every few
// seconds of playback, and at once on a pause, when the page is hidden or when the track changes. Only for
// the track the element holds, once its link is in: nothing is reported for a track still loading.
import { currentTrack } from './player-logic';
import type { PlayerStore } from './player-store';

/** How often the listening position is saved while playing. */
export const REMEMBER_EVERY_SECONDS = 5;

export interface PositionReportHost {
  store: Pick<PlayerStore, 'getSnapshot' | 'rememberPosition'>;
  /** The element in use. */
  media: () => HTMLMediaElement;
  /** The product whose link the element holds, when it is ready to play (else null). */
  readyProduct: () => string | null;
}

export interface PositionReport {
  /** Saves the position now (`urgent`: paused, or the page hidden). */
  remember: (urgent?: 'pause' | 'hidden') => void;
  /** Playback moved on: saved once it is a few seconds from where it was last saved. */
  played: () => void;
  /** Where it was last saved (a load's start, a seek). */
  savedAt: (seconds: number) => void;
  lastSaved: () => number;
}

export function createPositionReport(host: PositionReportHost): PositionReport {
  let last = 0;
  const remember = (urgent?: 'pause' | 'hidden') => {
    const track = currentTrack(host.store.getSnapshot());
    if (!track || track.productId !== host.readyProduct()) return;
    const media = host.media();
    const duration = Number.isFinite(media.duration) ? media.duration : null;
    host.store.rememberPosition(track.productId, media.currentTime, duration, urgent);
    last = media.currentTime;
  };
  return {
    remember,
    played() {
      if (Math.abs(host.media().currentTime - last) >= REMEMBER_EVERY_SECONDS) remember();
    },
    savedAt(seconds) {
      last = seconds;
    },
    lastSaved: () => last,
  };
}
