// The media side of the player, loaded with the bar: keeps an <audio> element in step with the store.
// Streams come from short-lived links minted by the audio-url edge function (docs/audio-links.md). Before a
// link expires the engine asks for a new one; while playing, a second element loads the new link at the same
// position and takes over without a gap (the old one is then released), while paused the new link is used on
// the next play. A link that fails anyway (expired mid-listen) is re-signed once, resuming where it was.
// Nothing here logs or puts a title in a URL (docs/product-rules.md D26 "Health data").
import { playerText } from '@/content/player';
import type { SignedAudioUrl } from '@/lib/audio-storage';
import {
  currentTrack,
  fadeFactor,
  isPlayerVisible,
  resumesAt,
  SEEK_STEP_SECONDS,
  shortcutFor,
  VOLUME_STEP,
} from './player-logic';
import type { PrimedAudio } from './primed-audio';
import type { PlayerStore } from './player-store';
import type { PlayerState, Track } from './player-types';

/** Seconds of fade-out before a sleep timer stops playback. */
export const SLEEP_FADE_SECONDS = 30;
/** Seconds of fade-out at the end of the track when the timer is set to the end of the track. */
export const END_OF_TRACK_FADE_SECONDS = 15;
/** How often the listening position is saved while playing. */
const REMEMBER_EVERY_SECONDS = 5;
/** How often the account's positions are read again while the player is open, paused and on screen. */
export const REMOTE_POSITIONS_EVERY_MS = 15_000;

export type SignUrl = (productId: string) => Promise<SignedAudioUrl>;

/** How long a new element may take to load the refreshed link before the engine keeps the old one. */
const HANDOVER_TIMEOUT_MS = 20_000;

/**
 * When to ask for a new link (ms from `now`): a quarter of the remaining lifetime before it expires, at most
 * a minute before and never sooner than a second from now.
 */
export function refreshDelayMs(expiresAtSeconds: number, now: number): number {
  const left = expiresAtSeconds * 1000 - now;
  const margin = Math.min(60_000, Math.max(1000, left / 4));
  return Math.max(1000, left - margin);
}

/** Resolves true when `element` fires `event`, false on an error or after `timeoutMs`. */
function eventOrTimeout(element: HTMLMediaElement, event: string, timeoutMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    const finish = (ok: boolean) => {
      clearTimeout(timer);
      element.removeEventListener(event, onEvent);
      element.removeEventListener('error', onError);
      resolve(ok);
    };
    const onEvent = () => finish(true);
    const onError = () => finish(false);
    const timer = setTimeout(() => finish(false), timeoutMs);
    element.addEventListener(event, onEvent);
    element.addEventListener('error', onError);
  });
}

/** Stops an element's download and playback for good. */
function release(element: HTMLMediaElement): void {
  element.pause();
  element.removeAttribute('src');
  element.load();
}

export interface AudioEngineOptions {
  /** Artist shown on the lock screen. */
  artist: string;
  /** Called when the current track changes (for the live announcement). */
  onTrackChange?: (track: Track, state: PlayerState) => void;
  /** What the press already started on `audio` (./primed-audio.ts): adopted as the first track's load. */
  primed?: Omit<PrimedAudio, 'element'>;
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
  // The element in use; replaced by a fresh one when a refreshed link takes over mid-listen.
  let media = audio;
  let refreshTimer: ReturnType<typeof setTimeout> | undefined;
  // The link in use expired (or nearly) while paused: the next play asks for a new one first.
  let stale = false;
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
    media.volume = Math.max(0, Math.min(1, state.volume * sleepFactor));
    media.muted = state.volume === 0;
  };
  const applyRate = (state: PlayerState) => {
    media.defaultPlaybackRate = state.rate;
    media.playbackRate = state.rate;
  };

  const fail = (error: unknown) => {
    console.warn('Audio playback failed:', errorName(error));
    ready = false;
    store.mediaFailed(playerText.playbackError);
  };

  const remember = (urgent?: 'pause' | 'hidden') => {
    const track = currentTrack(store.getSnapshot());
    if (!track || track.productId !== loadedProductId || !ready) return;
    const duration = Number.isFinite(media.duration) ? media.duration : null;
    store.rememberPosition(track.productId, media.currentTime, duration, urgent);
    lastRemembered = media.currentTime;
  };

  const startPlaying = () => {
    const played = media.play();
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
  };

  /**
   * The media's own length once it knows it; until then (or for a stream without one) the store keeps the
   * track's stored duration, so the bar always has a length to seek in.
   */
  const reportDuration = () => {
    if (Number.isFinite(media.duration) && media.duration > 0)
      store.setProgress({ duration: media.duration });
  };

  async function load(state: PlayerState, { keepPosition }: { keepPosition?: number } = {}) {
    const track = currentTrack(state);
    const token = ++loadToken;
    ready = false;
    loadedProductId = null;
    stale = false;
    retried = false;
    clearTimeout(refreshTimer);
    media.pause();
    if (!track) {
      media.removeAttribute('src');
      return;
    }
    resumeAt = keepPosition ?? (store.resumePosition(track.productId) || null);
    lastRemembered = resumeAt ?? 0;
    try {
      const signed = await sign(track.productId);
      if (token !== loadToken) return; // another track was chosen meanwhile
      media.src = signed.url;
      loadedProductId = track.productId;
      ready = true;
      applyRate(store.getSnapshot());
      applyVolume(store.getSnapshot());
      scheduleRefresh(signed, token);
      if (store.getSnapshot().isPlaying) startPlaying();
    } catch (error) {
      if (token === loadToken) fail(error);
    }
  }

  /**
   * Takes over what a press started on `audio` (its link, its position and whether it plays) as the load of
   * `state`'s track; false, nothing taken, when it is another track or already failed (then load as usual).
   */
  function adopt(state: PlayerState, primed: Omit<PrimedAudio, 'element'>): boolean {
    const track = currentTrack(state);
    if (track?.productId !== primed.productId || media.error) return false;
    const token = ++loadToken;
    loadedProductId = track.productId;
    ready = true;
    lastRemembered = store.resumePosition(track.productId);
    applyRate(state);
    applyVolume(state);
    scheduleRefresh(primed.link, token);
    if (media.readyState >= HTMLMediaElement.HAVE_METADATA) onLoadedMetadata();
    if (!state.isPlaying) media.pause();
    else if (media.paused) startPlaying();
    else if (media.readyState >= HTMLMediaElement.HAVE_FUTURE_DATA) onPlaying(); // 'playing' came before us
    return true;
  }

  function scheduleRefresh(signed: SignedAudioUrl, token: number) {
    clearTimeout(refreshTimer);
    refreshTimer = setTimeout(() => void refresh(token), refreshDelayMs(signed.expiresAt, Date.now()));
  }

  /** A new link before the current one expires: handed over while playing, kept for the next play if not. */
  async function refresh(token: number) {
    const track = currentTrack(store.getSnapshot());
    if (token !== loadToken || !ready || !track || track.productId !== loadedProductId) return;
    if (media.paused) {
      stale = true; // nothing is fetched while paused: the next play asks for a link
      return;
    }
    let signed: SignedAudioUrl;
    try {
      signed = await sign(track.productId);
    } catch {
      // Refused (refunded, signed out) or offline: keep playing what is buffered; the error path decides.
      return;
    }
    if (token !== loadToken) return;
    retried = false;
    scheduleRefresh(signed, token);
    if (media.paused) {
      stale = false;
      resumeAt = media.currentTime;
      media.src = signed.url;
      return;
    }
    await handOver(signed.url, token);
  }

  /** A second element loads `url` at the current position and takes over; on any failure the old one stays. */
  async function handOver(url: string, token: number) {
    const next = new Audio();
    next.preload = 'auto';
    next.src = url;
    const unchanged = () => token === loadToken && !media.paused;
    if (!(await eventOrTimeout(next, 'loadedmetadata', HANDOVER_TIMEOUT_MS)) || !unchanged()) {
      release(next);
      return;
    }
    next.currentTime = media.currentTime;
    if (!(await eventOrTimeout(next, 'seeked', HANDOVER_TIMEOUT_MS))) {
      release(next);
      return;
    }
    if (next.readyState < 3 && !(await eventOrTimeout(next, 'canplay', HANDOVER_TIMEOUT_MS))) {
      release(next);
      return;
    }
    if (!unchanged()) {
      release(next);
      return;
    }
    // Catch up with what played meanwhile: a seek inside what the new element has buffered.
    next.currentTime = media.currentTime;
    const old = media;
    detach(old);
    old.pause();
    media = next;
    attach(next);
    applyRate(store.getSnapshot());
    applyVolume(store.getSnapshot());
    startPlaying();
    release(old);
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
        // The same audio again (repeat, previous on a one-track list, or Play pressed for the loaded track, as
        // after a reload): no new URL, from where this device left it (the start once it was heard to its end).
        // The store reset the position and length with the track change, and the element will not report its
        // length again: say both now, or the bar would show none (docs/player.md "Length and seeking").
        const left = store.resumePosition(track.productId) || null;
        const duration = Number.isFinite(media.duration) ? media.duration : null;
        media.currentTime = resumesAt(left, duration) ? left : 0;
        store.setProgress({ currentTime: media.currentTime });
        reportDuration();
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
        if (ready && stale) void load(state, { keepPosition: media.currentTime });
        else if (ready) startPlaying();
        else if (track && loadedProductId === null) void load(state); // failed earlier: try again
      } else {
        media.pause();
        remember('pause');
      }
    }
    if (state.volume !== before.volume) applyVolume(state);
    if (state.rate !== before.rate) applyRate(state);
    if (state.sleep !== before.sleep) setupSleep(state);
    if (!track) updateSessionMetadata(null);
    if (session) session.playbackState = state.isPlaying ? 'playing' : 'paused';
  };

  const onLoadedMetadata = () => {
    const duration = Number.isFinite(media.duration) ? media.duration : null;
    reportDuration();
    if (resumesAt(resumeAt, duration)) media.currentTime = resumeAt;
    resumeAt = null;
    updatePositionState();
  };
  const onTimeUpdate = () => {
    const state = store.getSnapshot();
    store.setProgress({ currentTime: media.currentTime });
    if (Math.abs(media.currentTime - lastRemembered) >= REMEMBER_EVERY_SECONDS) remember();
    if (state.sleep?.kind === 'end-of-track' && Number.isFinite(media.duration)) {
      sleepFactor = Math.min(
        1,
        Math.max(0, (media.duration - media.currentTime) / END_OF_TRACK_FADE_SECONDS),
      );
      applyVolume(state);
    }
  };
  const onPlaying = () => {
    store.mediaPlaying();
    // Sound that must wait (the resume question, docs/player.md): the store holds the wish, the element stops.
    if (!store.getSnapshot().isPlaying) {
      media.pause();
      return;
    }
    updatePositionState();
  };
  const onWaiting = () => store.mediaWaiting();
  const onPause = () => {
    // Paused from outside the player (headphones unplugged, another app took audio focus).
    if (!media.ended && store.getSnapshot().isPlaying && ready) store.pause();
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
    if (!ready || !media.getAttribute('src')) return;
    const code = media.error?.code;
    // An expired signed URL fails as a network or source error: sign again once, back where it was.
    if (!retried && (code === 2 || code === 4)) {
      retried = true;
      const position = media.currentTime || lastRemembered;
      const token = loadToken;
      void (async () => {
        const track = currentTrack(store.getSnapshot());
        if (!track) return;
        try {
          const signed = await sign(track.productId);
          if (token !== loadToken) return;
          resumeAt = position;
          media.src = signed.url;
          scheduleRefresh(signed, token);
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

  // Hidden: the page may never come back (tab closed, phone locked), so the position goes now, with keepalive.
  // Visible again: another device may have moved on meanwhile.
  const onVisibility = () => {
    if (document.visibilityState === 'hidden') remember('hidden');
    else void store.refreshRemotePositions();
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const state = store.getSnapshot();
    if (!isPlayerVisible(state) || state.safetyNoticeOpen || event.defaultPrevented) return;
    const target = event.target instanceof Element ? event.target : document.activeElement;
    const action = shortcutFor(event, target);
    if (!action) return;
    event.preventDefault();
    if (action === 'toggle-play') store.togglePlay();
    else if (action === 'seek-back') store.seekBy(-SEEK_STEP_SECONDS);
    else if (action === 'seek-forward') store.seekBy(SEEK_STEP_SECONDS);
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
  const attach = (element: HTMLMediaElement) => {
    for (const [name, handler] of events) element.addEventListener(name, handler);
  };
  const detach = (element: HTMLMediaElement) => {
    for (const [name, handler] of events) element.removeEventListener(name, handler);
  };
  attach(media);
  document.addEventListener('keydown', onKeyDown);
  document.addEventListener('visibilitychange', onVisibility);
  // Another device may move on while this one sits paused on screen: asked within 15 s, never mid-listen.
  const remoteTimer = setInterval(() => {
    if (document.visibilityState === 'visible' && !store.getSnapshot().isPlaying)
      void store.refreshRemotePositions();
  }, REMOTE_POSITIONS_EVERY_MS);
  const unsubscribe = store.subscribe(onState);
  const detachEngine = store.attachEngine({
    seek: (seconds) => {
      if (ready && media.readyState > 0) media.currentTime = seconds;
      else resumeAt = seconds;
      lastRemembered = seconds;
      updatePositionState();
    },
    currentTime: () => (ready ? media.currentTime : 0),
  });

  if (session) {
    const handlers: [MediaSessionAction, MediaSessionActionHandler][] = [
      ['play', () => store.play()],
      ['pause', () => store.pause()],
      ['previoustrack', () => store.previous()],
      ['nexttrack', () => store.next()],
      ['seekbackward', (details) => store.seekBy(-(details.seekOffset ?? SEEK_STEP_SECONDS))],
      ['seekforward', (details) => store.seekBy(details.seekOffset ?? SEEK_STEP_SECONDS)],
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
    if (!options.primed || !adopt(prev, options.primed)) void load(prev);
  }

  return () => {
    remember('pause');
    loadToken += 1;
    clearInterval(sleepInterval);
    clearInterval(remoteTimer);
    clearTimeout(refreshTimer);
    detach(media);
    document.removeEventListener('keydown', onKeyDown);
    document.removeEventListener('visibilitychange', onVisibility);
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
    media.pause();
  };
}
