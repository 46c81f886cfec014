// The Media Session (lock screen, notification and headphone controls): what plays, where it is, and the
// actions that reach the store. Nothing else is offered: the API has no action for the sleep timer
// (docs/player.md "Sleep"). Without the API (an older browser, jsdom) every call does nothing.
import { SEEK_STEP_SECONDS } from './player-logic';
import type { PlayerActions } from './player-actions';
import type { Track } from './player-types';

const ACTIONS = [
  'play',
  'pause',
  'previoustrack',
  'nexttrack',
  'seekbackward',
  'seekforward',
  'seekto',
  'stop',
] as const satisfies readonly MediaSessionAction[];

type SessionActions = Pick<PlayerActions, 'play' | 'pause' | 'previous' | 'next' | 'seek' | 'seekBy'>;

export interface MediaSessionLink {
  /** The track on the lock screen (null: none). */
  showTrack: (track: Track | null) => void;
  showPlaying: (isPlaying: boolean) => void;
  /** The position bar, from the element in use (skipped while its length is unknown). */
  showPosition: (media: HTMLMediaElement) => void;
  disconnect: () => void;
}

/** The browser's Media Session, or null without one. */
function browserSession(): MediaSession | null {
  return typeof navigator !== 'undefined' && 'mediaSession' in navigator ? navigator.mediaSession : null;
}

export function connectMediaSession(
  store: SessionActions,
  artist: string,
  session: MediaSession | null = browserSession(),
): MediaSessionLink {
  const setHandler = (action: MediaSessionAction, handler: MediaSessionActionHandler | null) => {
    try {
      session?.setActionHandler(action, handler);
    } catch {
      // An action this browser does not support.
    }
  };
  const handlers: Record<(typeof ACTIONS)[number], MediaSessionActionHandler> = {
    play: () => store.play(),
    pause: () => store.pause(),
    previoustrack: () => store.previous(),
    nexttrack: () => store.next(),
    seekbackward: (details) => store.seekBy(-(details.seekOffset ?? SEEK_STEP_SECONDS)),
    seekforward: (details) => store.seekBy(details.seekOffset ?? SEEK_STEP_SECONDS),
    seekto: (details) => {
      if (details.seekTime !== undefined) store.seek(details.seekTime);
    },
    stop: () => store.pause(),
  };
  if (session) for (const action of ACTIONS) setHandler(action, handlers[action]);

  return {
    showTrack(track) {
      if (!session) return;
      if (!track) {
        session.metadata = null;
        return;
      }
      if (typeof MediaMetadata !== 'undefined') {
        session.metadata = new MediaMetadata({ title: track.title, artist, album: track.category });
      }
    },
    showPlaying(isPlaying) {
      if (session) session.playbackState = isPlaying ? 'playing' : 'paused';
    },
    showPosition(media) {
      if (!session || typeof session.setPositionState !== 'function') return;
      const duration = media.duration;
      if (!Number.isFinite(duration) || duration <= 0) return;
      try {
        session.setPositionState({
          duration,
          playbackRate: media.playbackRate || 1,
          position: Math.min(media.currentTime, duration),
        });
      } catch {
        // Inconsistent values mid-load: the next update sets it.
      }
    },
    disconnect() {
      if (!session) return;
      for (const action of ACTIONS) setHandler(action, null);
      session.metadata = null;
    },
  };
}
