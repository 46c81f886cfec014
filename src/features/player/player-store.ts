// The player as a small external store: state and rules only, cheap on every page. The media element, the bar
// and everything else that plays audio load lazily once something is played (PlayerHost). Its parts
// (docs/player.md "The store's parts"): the listener's actions (player-actions.ts), the account's memory of
// positions and speeds (player-memory.ts), the resume question's rules (resume-offer.ts), the sleep choice
// (sleep-choice.ts) and the safety notice (safety-gate.ts). What stays here is the state itself, the rules
// every change goes through, and what the audio engine reports.
import { createPlayerActions, type PlayerActions } from './player-actions';
import { initialPlayerState, initialProgress } from './player-initial-state';
import { currentTrack, trackEnded } from './player-logic';
import { createPlayerMemory } from './player-memory';
import { accountKey, readDeviceChoices } from './player-storage';
import type { PositionSync } from './position-sync';
import type { ListeningRecorder, PlayerEngine, PlayerProgress, PlayerState } from './player-types';
import { holdForAnswer } from './resume-offer';
import { createSafetyGate } from './safety-gate';
import { rememberedSleep } from './sleep-choice';

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
  /** `urgent`: paused, or the page was hidden (sent at once, with keepalive when hidden). */
  rememberPosition: (
    productId: string,
    seconds: number,
    duration: number | null,
    urgent?: 'pause' | 'hidden',
  ) => void;
  resumePosition: (productId: string) => number;
}

export interface PlayerStore extends PlayerActions, PlayerEngineLink {
  subscribe: (listener: () => void) => () => void;
  getSnapshot: () => PlayerState;
  subscribeProgress: (listener: () => void) => () => void;
  getProgress: () => PlayerProgress;
  /** The signed-in account (null when signed out): its saved player is restored, paused. */
  setAccount: (userId: string | null) => Promise<void>;
  /** Reads the account's positions again (the page became visible, a track was chosen). */
  refreshRemotePositions: () => Promise<void>;
  /** The signed-in account the player is for (null when signed out). */
  accountId: () => string | null;
  /** Whether a media element is connected (the bar's engine): until then a press may start one itself. */
  engineAttached: () => boolean;
}

/** The track whose sound is heard now (playing, not buffering), for the practice log. */
const soundingOf = (s: PlayerState) => (s.isPlaying && !s.isLoading ? currentTrack(s)?.productId : null);

export function createPlayerStore(
  options: {
    random?: () => number;
    /** The account's positions on the server (`key` names the account); none (this device only) if absent. */
    positionSync?: (key: string) => PositionSync;
    /** Measures listening for the account's practice log (`key` names the account); none if absent. */
    practice?: (key: string) => ListeningRecorder;
    now?: () => number;
  } = {},
): PlayerStore {
  const random = options.random ?? Math.random;
  const memory = createPlayerMemory({
    positionSync: options.positionSync,
    practice: options.practice,
    now: options.now ?? Date.now,
  });
  const safety = createSafetyGate();
  let state: PlayerState = { ...initialPlayerState, repeat: readDeviceChoices().repeat };
  let progress: PlayerProgress = initialProgress;
  const listeners = new Set<() => void>();
  const progressListeners = new Set<() => void>();
  let engine: PlayerEngine | null = null;
  let account: string | null = null;

  /** The question for the current track, if another device left it elsewhere. */
  const offerFor = (next: PlayerState) => {
    const track = currentTrack(next);
    return track ? memory.offerFor(track.productId) : null;
  };

  /** Every change goes through here: the rules that hold whoever proposed it, then the listeners. */
  const set = (proposed: PlayerState) => {
    if (proposed === state) return;
    let next = proposed;
    const trackChanged = next.loadKey !== state.loadKey;
    if (trackChanged) {
      // Per-track speed, and the question when another device left this track elsewhere.
      const track = currentTrack(next);
      const rate = track ? memory.rateOf(track.productId) : undefined;
      next = { ...next, rate: rate ?? next.rate, resumeOffer: offerFor(next) };
      if (track) void store.refreshRemotePositions(); // another device may have moved on since the last read
    }
    // Nothing sounds while the resume question waits (docs/player.md "Resume asks before any sound").
    next = holdForAnswer(next);
    // A sleep listener sets the timer once (docs/player.md "Sleep").
    const sleep = rememberedSleep(next, state.isPlaying, () => readDeviceChoices().sleep, Date.now());
    if (sleep !== next.sleep) next = { ...next, sleep };
    memory.sounding(soundingOf(state), soundingOf(next), next.isPlaying);
    state = next;
    if (trackChanged) setProgress({ currentTime: 0, duration: currentTrack(next)?.duration ?? null });
    memory.persist(state);
    listeners.forEach((listener) => listener());
  };

  function setProgress(patch: Partial<PlayerProgress>) {
    const next = { ...progress, ...patch };
    if (next.currentTime === progress.currentTime && next.duration === progress.duration) return;
    progress = next;
    progressListeners.forEach((listener) => listener());
  }

  const actions = createPlayerActions({
    state: () => state,
    set,
    progress: () => progress,
    seekTo(seconds) {
      setProgress({ currentTime: seconds });
      engine?.seek(seconds);
    },
    playedSeconds: () => engine?.currentTime() ?? progress.currentTime,
    memory,
    safety,
    random,
  });

  const store: PlayerStore = {
    ...actions,
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
      memory.clear();
      safety.drop();
      set({ ...initialPlayerState, repeat: readDeviceChoices().repeat, loadKey: state.loadKey + 1 });
      if (!userId) return;
      const nextKey = await accountKey(userId);
      if (account !== userId) return; // switched meanwhile
      const saved = memory.open(nextKey);
      void store.refreshRemotePositions();
      if (!saved) return;
      set({
        ...state,
        playlist: saved.playlist,
        currentIndex: saved.currentIndex,
        volume: saved.volume,
        lastVolume: saved.lastVolume,
        rate: saved.rate,
        shuffle: saved.shuffle,
        repeat: readDeviceChoices().repeat, // a choice of this device (docs/player.md "Sleep")
        isOpen: saved.playlist.length > 0,
        loadKey: state.loadKey + 1,
      });
    },
    async refreshRemotePositions() {
      if (!(await memory.readRemote())) return;
      const offer = offerFor(state);
      const same =
        offer?.productId === state.resumeOffer?.productId &&
        offer?.remotePlayedAt === state.resumeOffer?.remotePlayedAt;
      if (!same) set({ ...state, resumeOffer: offer });
    },

    accountId: () => account,
    engineAttached: () => engine !== null,
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
      const track = currentTrack(state);
      if (track) memory.ended(track.productId, state.rate);
      set(trackEnded(state, random));
      memory.persist(state);
    },
    sleepElapsed: () => set({ ...state, isPlaying: false, isLoading: false, sleep: null }),
    rememberPosition(productId, seconds, duration, urgent) {
      memory.remember(productId, seconds, duration, urgent, {
        sounding: soundingOf(state) === productId,
        state,
      });
    },
    resumePosition: (productId) => memory.position(productId),
  };
  return store;
}
