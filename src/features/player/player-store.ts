import { initialPlayerState, initialProgress } from './player-initial-state';
import * as logic from './player-logic';
import {
  accountKey,
  readSafetyAcknowledged,
  readSavedPlayer,
  saveSafetyAcknowledged,
  writeSavedPlayer,
} from './player-storage';
import type {
  PlayerEngine,
  PlayerProgress,
  PlayerState,
  PlayerView,
  SleepChoice,
  Track,
} from './player-types';

/** A track within this many seconds of its end counts as finished: it starts from the beginning next time. */
const FINISHED_MARGIN_SECONDS = 5;

export interface PlayerActions {
  /** Plays `track` with `playlist` (index of the track in it, 0 if not found) and shows the player. */
  playTrack: (track: Track, playlist?: readonly Track[]) => void;
  /** Adds one or more tracks, skipping any already in the playlist. */
  addToPlaylist: (tracks: Track | readonly Track[]) => void;
  removeFromPlaylist: (trackId: string) => void;
  changeTrack: (index: number) => void;
  next: () => void;
  previous: () => void;
  play: () => void;
  pause: () => void;
  togglePlay: () => void;
  toggleShuffle: () => void;
  toggleRepeat: () => void;
  setVolume: (volume: number) => void;
  toggleMute: () => void;
  seek: (seconds: number) => void;
  seekBy: (seconds: number) => void;
  setRate: (rate: number) => void;
  setSleepTimer: (choice: SleepChoice | null) => void;
  setExpanded: (expanded: boolean) => void;
  setView: (view: PlayerView) => void;
  close: () => void;
  acknowledgeSafety: () => void;
  dismissSafety: () => void;
  clearError: () => void;
}

/** What the lazily loaded audio engine reports and asks. */
export interface PlayerEngineLink {
  attachEngine: (engine: PlayerEngine) => () => void;
  setProgress: (progress: Partial<PlayerProgress>) => void;
  mediaPlaying: () => void;
  mediaWaiting: () => void;
  /** Playback failed: states reset, a short message shown. */
  mediaFailed: (message: string) => void;
  mediaEnded: () => void;
  sleepElapsed: () => void;
  rememberPosition: (productId: string, seconds: number, duration: number | null) => void;
  resumePosition: (productId: string) => number;
}

export interface PlayerStore extends PlayerActions, PlayerEngineLink {
  subscribe: (listener: () => void) => () => void;
  getSnapshot: () => PlayerState;
  subscribeProgress: (listener: () => void) => () => void;
  getProgress: () => PlayerProgress;
  /** The signed-in account (null when signed out): its saved player is restored, paused. */
  setAccount: (userId: string | null) => Promise<void>;
}

/**
 * The player as a small external store: state and rules only, cheap on every page. The media element, the
 * bar and everything else that plays audio load lazily once something is played (PlayerHost).
 */
export function createPlayerStore(options: { random?: () => number } = {}): PlayerStore {
  const random = options.random ?? Math.random;
  let state: PlayerState = initialPlayerState;
  let progress: PlayerProgress = initialProgress;
  const listeners = new Set<() => void>();
  const progressListeners = new Set<() => void>();
  let engine: PlayerEngine | null = null;
  let pending: (() => void) | null = null;
  let key: string | null = null;
  let account: string | null = null;
  let positions: Record<string, number> = {};

  const persist = () => {
    if (!key) return;
    writeSavedPlayer(key, {
      playlist: state.playlist,
      currentIndex: state.currentIndex,
      volume: state.volume,
      lastVolume: state.lastVolume,
      rate: state.rate,
      shuffle: state.shuffle,
      repeat: state.repeat,
      positions,
    });
  };

  const set = (next: PlayerState) => {
    if (next === state) return;
    const trackChanged = next.loadKey !== state.loadKey;
    state = next;
    if (trackChanged) setProgress({ currentTime: 0, duration: logic.currentTrack(next)?.duration ?? null });
    persist();
    listeners.forEach((listener) => listener());
  };

  function setProgress(patch: Partial<PlayerProgress>) {
    const next = { ...progress, ...patch };
    if (next.currentTime === progress.currentTime && next.duration === progress.duration) return;
    progress = next;
    progressListeners.forEach((listener) => listener());
  }

  const playedSeconds = () => engine?.currentTime() ?? progress.currentTime;

  /** Runs `action` now, or after the one-time listening-safety notice is acknowledged. */
  const afterSafety = (action: () => void) => {
    if (readSafetyAcknowledged()) {
      action();
      return;
    }
    pending = action;
    set({ ...state, safetyNoticeOpen: true });
  };

  const seek = (seconds: number) => {
    const target = logic.clampSeek(seconds, progress.duration);
    setProgress({ currentTime: target });
    engine?.seek(target);
  };

  const play = () => {
    if (!logic.currentTrack(state)) return;
    afterSafety(() => set({ ...state, isOpen: true, isPlaying: true, isLoading: true, error: null }));
  };
  const pause = () => set({ ...state, isPlaying: false, isLoading: false });

  const store: PlayerStore = {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => state,
    subscribeProgress(listener) {
      progressListeners.add(listener);
      return () => progressListeners.delete(listener);
    },
    getProgress: () => progress,

    async setAccount(userId) {
      if (userId === account) return;
      account = userId;
      key = null;
      positions = {};
      pending = null;
      set({ ...initialPlayerState, loadKey: state.loadKey + 1 });
      if (!userId) return;
      const nextKey = await accountKey(userId);
      if (account !== userId) return; // switched meanwhile
      key = nextKey;
      const saved = readSavedPlayer(nextKey);
      if (!saved) return;
      positions = saved.positions;
      set({
        ...state,
        playlist: saved.playlist,
        currentIndex: saved.currentIndex,
        volume: saved.volume,
        lastVolume: saved.lastVolume,
        rate: saved.rate,
        shuffle: saved.shuffle,
        repeat: saved.repeat,
        isOpen: saved.playlist.length > 0,
        loadKey: state.loadKey + 1,
      });
    },

    playTrack: (track, playlist) => afterSafety(() => set(logic.playTrack(state, track, playlist))),
    addToPlaylist: (tracks) =>
      set(logic.addToPlaylist(state, Array.isArray(tracks) ? tracks : [tracks as Track])),
    removeFromPlaylist: (trackId) => set(logic.removeFromPlaylist(state, trackId)),
    changeTrack: (index) => set(logic.changeTrack(state, index)),
    next: () => set(logic.next(state, random)),
    previous() {
      const result = logic.previous(state, playedSeconds());
      if (result === 'restart') seek(0);
      else set(result);
    },
    play,
    pause,
    togglePlay: () => (state.isPlaying ? pause() : play()),
    toggleShuffle: () => set({ ...state, shuffle: !state.shuffle }),
    toggleRepeat: () => set({ ...state, repeat: !state.repeat }),
    setVolume: (volume) => set(logic.setVolume(state, volume)),
    toggleMute: () => set(logic.toggleMute(state)),
    seek,
    seekBy: (seconds) => seek(playedSeconds() + seconds),
    setRate: (rate) => set({ ...state, rate: logic.PLAYBACK_RATES.includes(rate as 1) ? rate : 1 }),
    setSleepTimer(choice) {
      const sleep =
        choice === null
          ? null
          : choice === 'end-of-track'
            ? ({ kind: 'end-of-track' } as const)
            : ({ kind: 'minutes', minutes: choice, endsAt: Date.now() + choice * 60_000 } as const);
      set({ ...state, sleep });
    },
    setExpanded: (expanded) => set({ ...state, expanded }),
    setView: (view) => set({ ...state, view }),
    close: () =>
      set({ ...state, isOpen: false, isPlaying: false, isLoading: false, expanded: false, sleep: null }),
    acknowledgeSafety() {
      saveSafetyAcknowledged();
      const action = pending;
      pending = null;
      set({ ...state, safetyNoticeOpen: false });
      action?.();
    },
    dismissSafety() {
      pending = null;
      set({ ...state, safetyNoticeOpen: false });
    },
    clearError: () => set({ ...state, error: null }),

    attachEngine(next) {
      engine = next;
      return () => {
        if (engine === next) engine = null;
      };
    },
    setProgress,
    mediaPlaying: () =>
      set(state.isLoading || !state.isPlaying ? { ...state, isLoading: false, isPlaying: true } : state),
    mediaWaiting: () => set(state.isPlaying && !state.isLoading ? { ...state, isLoading: true } : state),
    mediaFailed: (message) => set({ ...state, isPlaying: false, isLoading: false, error: message }),
    mediaEnded() {
      const track = logic.currentTrack(state);
      if (track && positions[track.productId] !== undefined) {
        delete positions[track.productId];
      }
      set(logic.trackEnded(state, random));
      persist();
    },
    sleepElapsed: () => set({ ...state, isPlaying: false, isLoading: false, sleep: null }),
    rememberPosition(productId, seconds, duration) {
      const finished = duration !== null && seconds >= duration - FINISHED_MARGIN_SECONDS;
      delete positions[productId]; // re-inserted last: the most recent survive the cap
      if (!finished && seconds >= 1) positions[productId] = Math.floor(seconds);
      persist();
    },
    resumePosition: (productId) => positions[productId] ?? 0,
  };
  return store;
}
