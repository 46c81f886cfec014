// The media side of the player, loaded with the bar: keeps one <audio> element in step with the store.
// Streams come from short-lived signed URLs, re-signed once when one fails mid-listen (expired), resuming
// where it was. Nothing here logs or puts a title in a URL (PRODUCT.md "Health data").
import { playerText } from '@/content/player';
import { currentTrack, fadeFactor, isPlayerVisible, shortcutFor, VOLUME_STEP } from './player-logic';
import type { PlayerStore } from './player-store';
import type { PlayerState, Track } from './player-types';

/** Seconds of fade-out before a sleep timer stops playback. */
export const SLEEP_FADE_SECONDS = 30;
/** Seconds of fade-out at the end of the track when the timer is set to the end of the track. */
export const END_OF_TRACK_FADE_SECONDS = 15;
/** How often the listening position is saved while playing. */
const REMEMBER_EVERY_SECONDS = 5;

export type SignUrl = (productId: string) => Promise<string>;

export interface AudioEngineOptions {
  /** Artist shown on the lock screen. */
  artist: string;
  /** Called when the current track changes (for the live announcement). */
  onTrackChange?: (track: Track, state: PlayerState) => void;
}

function errorName(error: unknown): string {
  if (error instanceof Error) return error.name;
  return 'Error';
}

/**
 * Connects `audio` to `store`: loads the current track's stream, follows play/pause, seeks, volume, speed and
 * the sleep timer, reports progress and ends, handles keyboard shortcuts while the player is open, and
 * drives the Media Session (lock screen and headphone controls). Returns the disconnect.
 */
export function connectAudio(
  audio: HTMLAudioElement,
  store: PlayerStore,
  sign: SignUrl,
  options: AudioEngineOptions,
): () => void {
  let prev = store.getSnapshot();
  let loadToken = 0;
  let ready = false;
  let retried = false;
  let resumeAt: number | null = null;
  let lastRemembered = 0;
  let sleepFactor = 1;
  let sleepInterval: ReturnType<typeof setInterval> | undefined;
  let loadedProductId: string | null = null;
  const session =
    typeof navigator !== 'undefined' && 'mediaSession' in navigator ? navigator.mediaSession : null;

  const applyVolume = (state: PlayerState) => {
    audio.volume = Math.max(0, Math.min(1, state.volume * sleepFactor));
    audio.muted = state.volume === 0;
  };
  const applyRate = (state: PlayerState) => {
    audio.defaultPlaybackRate = state.rate;
    audio.playbackRate = state.rate;
  };

  const fail = (error: unknown) => {
    console.warn('Audio playback failed:', errorName(error));
    ready = false;
    store.mediaFailed(playerText.playbackError);
  };

  const remember = () => {
    const track = currentTrack(store.getSnapshot());
    if (!track || track.productId !== loadedProductId || !ready) return;
    const duration = Number.isFinite(audio.duration) ? audio.duration : null;
    store.rememberPosition(track.productId, audio.currentTime, duration);
    lastRemembered = audio.currentTime;
  };

  const startPlaying = () => {
    const played = audio.play();
    // Older engines return undefined; modern ones a promise.
    if (played && typeof played.catch === 'function') {
      played.catch((error: unknown) => {
        if (errorName(error) === 'AbortError') return; // a newer load or pause replaced this play
        if (errorName(error) === 'NotAllowedError') {
          store.pause(); // the browser wants a tap first: stay paused, no error
          return;
        }
        fail(error);
      });
    }
  };

  const updateSessionMetadata = (track: Track | null) => {
    if (!session) return;
    if (!track) {
      session.metadata = null;
      return;
    }
    if (typeof MediaMetadata !== 'undefined') {
      session.metadata = new MediaMetadata({
        title: track.title,
        artist: options.artist,
        album: track.category,
      });
    }
  };

  const updatePositionState = () => {
    if (!session || typeof session.setPositionState !== 'function') return;
    const duration = audio.duration;
    if (!Number.isFinite(duration) || duration <= 0) return;
    try {
      session.setPositionState({
        duration,
        playbackRate: audio.playbackRate || 1,
        position: Math.min(audio.currentTime, duration),
      });
    } catch {
      // Inconsistent values mid-load: the next update sets it.
    }
  };

  async function load(state: PlayerState, { keepPosition }: { keepPosition?: number } = {}) {
    const track = currentTrack(state);
    const token = ++loadToken;
    ready = false;
    loadedProductId = null;
    audio.pause();
    if (!track) {
      audio.removeAttribute('src');
      return;
    }
    resumeAt = keepPosition ?? (store.resumePosition(track.productId) || null);
    lastRemembered = resumeAt ?? 0;
    try {
      const url = await sign(track.productId);
      if (token !== loadToken) return; // another track was chosen meanwhile
      audio.src = url;
      loadedProductId = track.productId;
      ready = true;
      applyRate(store.getSnapshot());
      applyVolume(store.getSnapshot());
      if (store.getSnapshot().isPlaying) startPlaying();
    } catch (error) {
      if (token === loadToken) fail(error);
    }
  }

  const setupSleep = (state: PlayerState) => {
    clearInterval(sleepInterval);
    sleepInterval = undefined;
    sleepFactor = 1;
    const sleep = state.sleep;
    if (sleep?.kind === 'minutes') {
      const tick = () => {
        sleepFactor = fadeFactor(Date.now(), sleep.endsAt, SLEEP_FADE_SECONDS);
        applyVolume(store.getSnapshot());
        if (sleepFactor === 0) store.sleepElapsed();
      };
      sleepInterval = setInterval(tick, 1000);
      tick();
    }
    applyVolume(state);
  };

  const onState = () => {
    const state = store.getSnapshot();
    const before = prev;
    prev = state;
    const track = currentTrack(state);
    const previousTrack = currentTrack(before);
    if (state.loadKey !== before.loadKey) {
      if (previousTrack && previousTrack.productId !== track?.productId) remember();
      if (track && ready && track.productId === loadedProductId) {
        // The same audio again (repeat, or previous on a one-track list): from the start, no new URL.
        audio.currentTime = 0;
        if (state.isPlaying) startPlaying();
      } else {
        void load(state);
      }
      if (track && track.id !== previousTrack?.id) {
        updateSessionMetadata(track);
        options.onTrackChange?.(track, state);
      }
    } else if (state.isPlaying !== before.isPlaying) {
      if (state.isPlaying) {
        if (ready) startPlaying();
        else if (track && loadedProductId === null) void load(state); // failed earlier: try again
      } else {
        audio.pause();
        remember();
      }
    }
    if (state.volume !== before.volume) applyVolume(state);
    if (state.rate !== before.rate) applyRate(state);
    if (state.sleep !== before.sleep) setupSleep(state);
    if (!track) updateSessionMetadata(null);
    if (session) session.playbackState = state.isPlaying ? 'playing' : 'paused';
  };

  const onLoadedMetadata = () => {
    const duration = Number.isFinite(audio.duration) ? audio.duration : null;
    store.setProgress({ duration });
    if (resumeAt !== null && (duration === null || resumeAt < duration - 5)) audio.currentTime = resumeAt;
    resumeAt = null;
    updatePositionState();
  };
  const onTimeUpdate = () => {
    const state = store.getSnapshot();
    store.setProgress({ currentTime: audio.currentTime });
    if (Math.abs(audio.currentTime - lastRemembered) >= REMEMBER_EVERY_SECONDS) remember();
    if (state.sleep?.kind === 'end-of-track' && Number.isFinite(audio.duration)) {
      sleepFactor = Math.min(
        1,
        Math.max(0, (audio.duration - audio.currentTime) / END_OF_TRACK_FADE_SECONDS),
      );
      applyVolume(state);
    }
  };
  const onPlaying = () => {
    store.mediaPlaying();
    updatePositionState();
  };
  const onWaiting = () => store.mediaWaiting();
  const onPause = () => {
    // Paused from outside the player (headphones unplugged, another app took audio focus).
    if (!audio.ended && store.getSnapshot().isPlaying && ready) store.pause();
  };
  const onEnded = () => {
    const state = store.getSnapshot();
    if (state.sleep?.kind === 'end-of-track') {
      sleepFactor = 1;
      applyVolume(state);
    }
    store.mediaEnded();
  };
  const onError = () => {
    if (!ready || !audio.getAttribute('src')) return;
    const code = audio.error?.code;
    // An expired signed URL fails as a network or source error: sign again once, back where it was.
    if (!retried && (code === 2 || code === 4)) {
      retried = true;
      const position = audio.currentTime || lastRemembered;
      const token = loadToken;
      void (async () => {
        const track = currentTrack(store.getSnapshot());
        if (!track) return;
        try {
          const url = await sign(track.productId);
          if (token !== loadToken) return;
          resumeAt = position;
          audio.src = url;
          applyRate(store.getSnapshot());
          if (store.getSnapshot().isPlaying) startPlaying();
        } catch (error) {
          if (token === loadToken) fail(error);
        }
      })();
      return;
    }
    fail(new Error(`MediaError ${code ?? 'unknown'}`));
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const state = store.getSnapshot();
    if (!isPlayerVisible(state) || state.safetyNoticeOpen || event.defaultPrevented) return;
    const target = event.target instanceof Element ? event.target : document.activeElement;
    const action = shortcutFor(event, target);
    if (!action) return;
    event.preventDefault();
    if (action === 'toggle-play') store.togglePlay();
    else if (action === 'seek-back') store.seekBy(-10);
    else if (action === 'seek-forward') store.seekBy(10);
    else if (action === 'volume-up') store.setVolume(state.volume + VOLUME_STEP);
    else store.setVolume(state.volume - VOLUME_STEP);
  };

  const events: [string, () => void][] = [
    ['loadedmetadata', onLoadedMetadata],
    ['durationchange', onLoadedMetadata],
    ['timeupdate', onTimeUpdate],
    ['playing', onPlaying],
    ['waiting', onWaiting],
    ['pause', onPause],
    ['ended', onEnded],
    ['error', onError],
    ['ratechange', updatePositionState],
  ];
  for (const [name, handler] of events) audio.addEventListener(name, handler);
  document.addEventListener('keydown', onKeyDown);
  const unsubscribe = store.subscribe(onState);
  const detachEngine = store.attachEngine({
    seek: (seconds) => {
      if (ready && audio.readyState > 0) audio.currentTime = seconds;
      else resumeAt = seconds;
      lastRemembered = seconds;
      updatePositionState();
    },
    currentTime: () => (ready ? audio.currentTime : 0),
  });

  if (session) {
    const handlers: [MediaSessionAction, MediaSessionActionHandler][] = [
      ['play', () => store.play()],
      ['pause', () => store.pause()],
      ['previoustrack', () => store.previous()],
      ['nexttrack', () => store.next()],
      ['seekbackward', (details) => store.seekBy(-(details.seekOffset ?? 10))],
      ['seekforward', (details) => store.seekBy(details.seekOffset ?? 10)],
      ['seekto', (details) => details.seekTime !== undefined && store.seek(details.seekTime)],
      ['stop', () => store.pause()],
    ];
    for (const [action, handler] of handlers) {
      try {
        session.setActionHandler(action, handler);
      } catch {
        // An action this browser does not support.
      }
    }
  }

  // Start with what the store holds now (the first play, or a playlist restored after a reload).
  applyVolume(prev);
  setupSleep(prev);
  const first = currentTrack(prev);
  if (first) {
    updateSessionMetadata(first);
    void load(prev);
  }

  return () => {
    remember();
    loadToken += 1;
    clearInterval(sleepInterval);
    for (const [name, handler] of events) audio.removeEventListener(name, handler);
    document.removeEventListener('keydown', onKeyDown);
    unsubscribe();
    detachEngine();
    if (session) {
      for (const action of [
        'play',
        'pause',
        'previoustrack',
        'nexttrack',
        'seekbackward',
        'seekforward',
        'seekto',
        'stop',
      ] as const) {
        try {
          session.setActionHandler(action, null);
        } catch {
          // Unsupported action.
        }
      }
      session.metadata = null;
    }
    audio.pause();
  };
}
