// The media side of the player, loaded with the bar: keeps an <audio> element in step with the store. It
// composes modules with one job each (docs/player.md "The engine's modules"): what the element holds
// (audio-loader.ts), the link's refresh before it expires (audio-link-refresh.ts) and the hand-over to a second
// element (element-handover.ts), the sleep timer's fade (sleep-timer.ts), the lock screen (media-session.ts),
// the keyboard (player-keyboard.ts), the page's visibility (page-visibility.ts) and the position saved as it
// plays (position-report.ts). What stays here: the store's wishes applied to the element (`followStore`), and
// the element's events reported to the store (`elementEvents`).
// Nothing here logs or puts a title in a URL (docs/product-rules.md D26 "Health data").
import { playerText } from '@/content/player';
import { createAudioLoader, type AudioLoader } from './audio-loader';
import { createLinkRefresh, type SignUrl } from './audio-link-refresh';
import { prepareHandover, release } from './element-handover';
import { connectMediaSession, type MediaSessionLink } from './media-session';
import { watchPageVisibility } from './page-visibility';
import { connectPlayerKeyboard } from './player-keyboard';
import { currentTrack, resumesAt } from './player-logic';
import type { PlayerStore } from './player-store';
import type { PlayerState, Track } from './player-types';
import { createPositionReport, type PositionReport } from './position-report';
import type { PrimedAudio } from './primed-audio';
import { createSleepFade, type SleepFade } from './sleep-timer';

export interface AudioEngineOptions {
  /** Artist shown on the lock screen. */
  artist: string;
  /** Called when the current track changes (for the live announcement). */
  onTrackChange?: (track: Track, state: PlayerState) => void;
  /** What the press already started on `audio` (./primed-audio.ts): adopted as the first track's load. */
  primed?: Omit<PrimedAudio, 'element'>;
}

/** What the engine's parts share: the element in use and the modules around it. */
interface EngineParts {
  store: PlayerStore;
  /** The element in use (another one after a hand-over). */
  media: () => HTMLAudioElement;
  loader: AudioLoader;
  position: PositionReport;
  sleep: SleepFade;
  session: MediaSessionLink;
  startPlaying: () => void;
  applyVolume: (state: PlayerState) => void;
  applyRate: (state: PlayerState) => void;
}

function errorName(error: unknown): string {
  if (error instanceof Error) return error.name;
  return 'Error';
}

/**
 * The media's own length once it knows it; until then (or for a stream without one) the store keeps the
 * track's stored duration, so the bar always has a length to seek in.
 */
function reportDuration(store: PlayerStore, media: HTMLMediaElement): void {
  if (Number.isFinite(media.duration) && media.duration > 0) store.setProgress({ duration: media.duration });
}

/** The element's events, reported to the store (and the named ones the engine also calls itself). */
function elementEvents({ store, media, loader, position, sleep, session }: EngineParts) {
  const metadataLoaded = () => {
    const element = media();
    const duration = Number.isFinite(element.duration) ? element.duration : null;
    reportDuration(store, element);
    const resumeAt = loader.takeResumeAt();
    if (resumesAt(resumeAt, duration)) element.currentTime = resumeAt;
    session.showPosition(element);
  };
  const playing = () => {
    store.mediaPlaying();
    // Sound that must wait (the resume question, docs/player.md): the store holds the wish, the element stops.
    if (!store.getSnapshot().isPlaying) {
      media().pause();
      return;
    }
    session.showPosition(media());
  };
  const handlers: [string, () => void][] = [
    ['loadedmetadata', metadataLoaded],
    ['durationchange', metadataLoaded],
    [
      'timeupdate',
      () => {
        const state = store.getSnapshot();
        store.setProgress({ currentTime: media().currentTime });
        position.played();
        sleep.progress(state.sleep, media().currentTime, media().duration);
      },
    ],
    ['playing', playing],
    ['waiting', () => store.mediaWaiting()],
    [
      'pause',
      () => {
        // Paused from outside the player (headphones unplugged, another app took audio focus).
        if (!media().ended && store.getSnapshot().isPlaying && loader.ready()) store.pause();
      },
    ],
    [
      'ended',
      () => {
        sleep.ended(store.getSnapshot().sleep);
        store.mediaEnded();
      },
    ],
    ['error', () => loader.recover(position.lastSaved())],
    ['ratechange', () => session.showPosition(media())],
  ];
  return { handlers, metadataLoaded, playing };
}

/** The store's changes applied to the element: a new track, play and pause, volume, speed, sleep. */
function followStore(parts: EngineParts, onTrackChange: AudioEngineOptions['onTrackChange']) {
  const { store, media, loader, position, sleep, session, startPlaying } = parts;
  let prev = store.getSnapshot();

  /** The same audio again (repeat, previous on a one-track list, Play pressed for the loaded track). */
  const replay = (state: PlayerState, productId: string) => {
    // No new URL, from where this device left it (the start once it was heard to its end). The store reset the
    // position and length with the track change, and the element will not report its length again: say both
    // now, or the bar would show none (docs/player.md "Length and seeking").
    const element = media();
    const left = store.resumePosition(productId) || null;
    const duration = Number.isFinite(element.duration) ? element.duration : null;
    element.currentTime = resumesAt(left, duration) ? left : 0;
    store.setProgress({ currentTime: element.currentTime });
    reportDuration(store, element);
    if (state.isPlaying) startPlaying();
  };

  return () => {
    const state = store.getSnapshot();
    const before = prev;
    prev = state;
    const track = currentTrack(state);
    const previousTrack = currentTrack(before);
    if (state.loadKey !== before.loadKey) {
      if (previousTrack && previousTrack.productId !== track?.productId) position.remember();
      if (track && loader.ready() && track.productId === loader.loadedProduct())
        replay(state, track.productId);
      else void loader.load(state);
      if (track && track.id !== previousTrack?.id) {
        session.showTrack(track);
        onTrackChange?.(track, state);
      }
    } else if (state.isPlaying !== before.isPlaying) {
      if (state.isPlaying) {
        if (loader.ready() && loader.isStale())
          void loader.load(state, { keepPosition: media().currentTime });
        else if (loader.ready()) startPlaying();
        else if (track && loader.loadedProduct() === null) void loader.load(state); // failed earlier: try again
      } else {
        media().pause();
        position.remember('pause');
      }
    }
    if (state.volume !== before.volume) parts.applyVolume(state);
    if (state.rate !== before.rate) parts.applyRate(state);
    if (state.sleep !== before.sleep) sleep.follow(state.sleep);
    if (!track) session.showTrack(null);
    session.showPlaying(state.isPlaying);
  };
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
  const start = store.getSnapshot();
  // The element in use; replaced by a fresh one when a refreshed link takes over mid-listen.
  let media = audio;
  const session = connectMediaSession(store, options.artist);
  const sleep = createSleepFade({
    apply: () => applyVolume(store.getSnapshot()),
    elapsed: () => store.sleepElapsed(),
  });
  const applyVolume = (state: PlayerState) => {
    media.volume = Math.max(0, Math.min(1, state.volume * sleep.factor()));
    media.muted = state.volume === 0;
  };
  const applyRate = (state: PlayerState) => {
    media.defaultPlaybackRate = state.rate;
    media.playbackRate = state.rate;
  };
  const fail = (error: unknown) => {
    console.warn('Audio playback failed:', errorName(error));
    loader.failed();
    store.mediaFailed(playerText.playbackError);
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
  /** A renewed link took over on `next` (element-handover.ts): the old element is let go. */
  const swapTo = (next: HTMLAudioElement) => {
    const old = media;
    detach(old);
    old.pause();
    media = next;
    attach(next);
    applyRate(store.getSnapshot());
    applyVolume(store.getSnapshot());
    startPlaying();
    release(old);
  };

  const refresh = createLinkRefresh({
    sign,
    productOf: (token) => loader.productOf(token),
    isCurrent: (token) => loader.isCurrent(token),
    paused: () => media.paused,
    dueWhilePaused: () => loader.markStale(),
    renewed: (url, token) => loader.renewed(url, token),
  });
  const loader = createAudioLoader({
    store,
    sign,
    media: () => media,
    applySettings: () => {
      applyRate(store.getSnapshot());
      applyVolume(store.getSnapshot());
    },
    startPlaying,
    fail,
    linkInUse: refresh.schedule,
    linkDropped: refresh.cancel,
    startsAt: (seconds) => position.savedAt(seconds),
    handOver: async (url, token) => {
      const next = await prepareHandover(media, url, () => loader.isCurrent(token) && !media.paused);
      if (next) swapTo(next);
    },
  });
  const position = createPositionReport({
    store,
    media: () => media,
    readyProduct: () => (loader.ready() ? loader.loadedProduct() : null),
  });
  const parts: EngineParts = {
    store,
    media: () => media,
    loader,
    position,
    sleep,
    session,
    startPlaying,
    applyVolume,
    applyRate,
  };
  const events = elementEvents(parts);
  const attach = (element: HTMLMediaElement) => {
    for (const [name, handler] of events.handlers) element.addEventListener(name, handler);
  };
  const detach = (element: HTMLMediaElement) => {
    for (const [name, handler] of events.handlers) element.removeEventListener(name, handler);
  };
  attach(media);
  const disconnectKeyboard = connectPlayerKeyboard(store);
  const unwatchVisibility = watchPageVisibility(store, () => position.remember('hidden'));
  const unsubscribe = store.subscribe(followStore(parts, options.onTrackChange));
  const detachEngine = store.attachEngine({
    seek: (seconds) => {
      if (loader.ready() && media.readyState > 0) media.currentTime = seconds;
      else loader.seekOnLoad(seconds);
      position.savedAt(seconds);
      session.showPosition(media);
    },
    currentTime: () => (loader.ready() ? media.currentTime : 0),
  });

  // Start with what the store holds now (the first play, or a playlist restored after a reload).
  applyVolume(start);
  sleep.follow(start.sleep);
  const first = currentTrack(start);
  if (first) {
    session.showTrack(first);
    if (!options.primed || !loader.adopt(start, options.primed)) void loader.load(start);
    else {
      // The adopted element may be ahead of us: its metadata, or its sound, came before the engine did.
      if (media.readyState >= HTMLMediaElement.HAVE_METADATA) events.metadataLoaded();
      if (!start.isPlaying) media.pause();
      else if (media.paused) startPlaying();
      else if (media.readyState >= HTMLMediaElement.HAVE_FUTURE_DATA) events.playing();
    }
  }

  return () => {
    position.remember('pause');
    loader.invalidate();
    sleep.dispose();
    refresh.cancel();
    detach(media);
    disconnectKeyboard();
    unwatchVisibility();
    unsubscribe();
    detachEngine();
    session.disconnect();
    media.pause();
  };
}
