import { initialPlayerState, initialProgress } from './player-initial-state';
import * as logic from './player-logic';
import {
  accountKey,
  readDeviceChoices,
  readSafetyAcknowledged,
  readSavedPlayer,
  saveSafetyAcknowledged,
  writeDeviceChoices,
  writeSavedPlayer,
} from './player-storage';
import type { ListeningPosition, PositionSync } from './position-sync';
import type {
  ListeningRecorder,
  PlayerEngine,
  PlayerProgress,
  PlayerState,
  PlayerView,
  SleepChoice,
  ResumeOffer,
  Track,
} from './player-types';

/** A track within this many seconds of its end counts as finished: it starts from the beginning next time. */
const FINISHED_MARGIN_SECONDS = 5;
/** Positions of two devices closer than this agree: nobody is asked. */
const AGREE_SECONDS = 10;
/** Minutes one press adds to a running sleep timer. */
export const SLEEP_EXTEND_MINUTES = 10;

/**
 * Whether to ask where to continue `productId`: another device left it later (in time) at a point more than
 * a few seconds from where this device left it. Null when nothing needs asking.
 */
export function resumeOfferFor(
  productId: string,
  local: { seconds: number; playedAt: number },
  remote: ListeningPosition | undefined,
  deviceId: string,
): ResumeOffer | null {
  if (!remote || remote.deviceId === deviceId || remote.playedAt <= local.playedAt) return null;
  if (remote.seconds < 1 || Math.abs(remote.seconds - local.seconds) < AGREE_SECONDS) return null;
  return {
    productId,
    remoteSeconds: remote.seconds,
    remoteRate: remote.rate,
    remoteDeviceKind: remote.deviceKind,
    remotePlayedAt: remote.playedAt,
    localSeconds: local.seconds,
  };
}

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
  /** Adds SLEEP_EXTEND_MINUTES to a running minutes timer (its fade-out starts again from full volume). */
  extendSleepTimer: () => void;
  setExpanded: (expanded: boolean) => void;
  setView: (view: PlayerView) => void;
  close: () => void;
  acknowledgeSafety: () => void;
  dismissSafety: () => void;
  clearError: () => void;
  /** Answers the resume question: continue where the other device left off, or where this one did. */
  answerResumeOffer: (choice: 'remote' | 'local') => void;
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

/**
 * The player as a small external store: state and rules only, cheap on every page. The media element, the
 * bar and everything else that plays audio load lazily once something is played (PlayerHost).
 */
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
  const now = options.now ?? Date.now;
  const makeSync = options.positionSync;
  const makePractice = options.practice;
  const deviceStart = readDeviceChoices();
  let state: PlayerState = { ...initialPlayerState, repeat: deviceStart.repeat };
  let progress: PlayerProgress = initialProgress;
  const listeners = new Set<() => void>();
  const progressListeners = new Set<() => void>();
  let engine: PlayerEngine | null = null;
  let pending: (() => void) | null = null;
  let key: string | null = null;
  let account: string | null = null;
  let positions: Record<string, number> = {};
  let playedAt: Record<string, number> = {};
  let rates: Record<string, number> = {};
  let sync: PositionSync | null = null;
  let practice: ListeningRecorder | null = null;
  const remote = new Map<string, ListeningPosition>();

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
      playedAt,
      rates,
    });
  };

  /** The question for the current track, if another device left it elsewhere. */
  const offerFor = (next: PlayerState): ResumeOffer | null => {
    const track = logic.currentTrack(next);
    if (!track || !sync) return null;
    return resumeOfferFor(
      track.productId,
      { seconds: positions[track.productId] ?? 0, playedAt: playedAt[track.productId] ?? 0 },
      remote.get(track.productId),
      sync.device.id,
    );
  };

  /**
   * Nothing sounds while the resume question waits (docs/player.md "Resume asks before any sound"): a wish to
   * play is held as `awaitingAnswer` until the question is answered (or goes away), and then plays.
   */
  const holdForAnswer = (next: PlayerState): PlayerState => {
    if (next.resumeOffer) {
      if (!next.isPlaying) return next;
      return { ...next, isPlaying: false, isLoading: false, awaitingAnswer: true };
    }
    if (!next.awaitingAnswer) return next;
    return { ...next, awaitingAnswer: false, isPlaying: true, isLoading: true };
  };

  /** The track whose sound is heard now (playing, not buffering), for the practice log. */
  const soundingOf = (s: PlayerState) =>
    s.isPlaying && !s.isLoading ? logic.currentTrack(s)?.productId : null;

  const set = (proposed: PlayerState) => {
    if (proposed === state) return;
    let next = proposed;
    const trackChanged = next.loadKey !== state.loadKey;
    if (trackChanged) {
      // Per-track speed, and the question when another device left this track elsewhere.
      const track = logic.currentTrack(next);
      const rate = track ? rates[track.productId] : undefined;
      next = { ...next, rate: rate ?? next.rate, resumeOffer: offerFor(next) };
      if (track) void store.refreshRemotePositions(); // another device may have moved on since the last read
    }
    next = withRememberedSleep(holdForAnswer(next));
    const wasSounding = soundingOf(state);
    const sounding = soundingOf(next);
    if (wasSounding !== sounding) {
      if (wasSounding) practice?.stop(next.isPlaying ? undefined : 'pause');
      if (sounding) practice?.start(sounding);
    }
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

  const timerFor = (choice: SleepChoice) =>
    choice === 'end-of-track'
      ? ({ kind: 'end-of-track' } as const)
      : ({ kind: 'minutes', minutes: choice, endsAt: Date.now() + choice * 60_000 } as const);

  /**
   * Sound about to start with no timer running: the sleep timer this device last chose is armed again (a sleep
   * listener sets it once, docs/player.md "Sleep").
   */
  const withRememberedSleep = (next: PlayerState): PlayerState => {
    if (next.sleep || !next.isPlaying || state.isPlaying) return next;
    const remembered = readDeviceChoices().sleep;
    return remembered === null ? next : { ...next, sleep: timerFor(remembered) };
  };

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
    // Play pressed in the bar while the question waits: play what this device has (an answer, not a silence).
    if (state.resumeOffer) {
      store.answerResumeOffer('local');
      if (!state.isPlaying) play();
      return;
    }
    afterSafety(() => set({ ...state, isOpen: true, isPlaying: true, isLoading: true, error: null }));
  };
  const pause = () => set({ ...state, isPlaying: false, isLoading: false, awaitingAnswer: false });

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
      playedAt = {};
      rates = {};
      remote.clear();
      sync?.dispose();
      sync = null;
      practice?.dispose();
      practice = null;
      pending = null;
      set({ ...initialPlayerState, repeat: readDeviceChoices().repeat, loadKey: state.loadKey + 1 });
      if (!userId) return;
      const nextKey = await accountKey(userId);
      if (account !== userId) return; // switched meanwhile
      key = nextKey;
      sync = makeSync?.(nextKey) ?? null;
      practice = makePractice?.(nextKey) ?? null;
      void store.refreshRemotePositions();
      const saved = readSavedPlayer(nextKey);
      if (!saved) return;
      positions = saved.positions;
      playedAt = saved.playedAt;
      rates = saved.rates;
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
    toggleRepeat() {
      writeDeviceChoices({ ...readDeviceChoices(), repeat: !state.repeat });
      set({ ...state, repeat: !state.repeat });
    },
    setVolume: (volume) => set(logic.setVolume(state, volume)),
    toggleMute: () => set(logic.toggleMute(state)),
    seek,
    seekBy: (seconds) => seek(playedSeconds() + seconds),
    setRate(rate) {
      const chosen = logic.PLAYBACK_RATES.includes(rate as 1) ? rate : 1;
      const track = logic.currentTrack(state);
      if (track) {
        delete rates[track.productId]; // re-inserted last: the most recent survive the cap
        rates[track.productId] = chosen;
      }
      set({ ...state, rate: chosen });
    },
    setSleepTimer(choice) {
      writeDeviceChoices({ ...readDeviceChoices(), sleep: choice });
      set({ ...state, sleep: choice === null ? null : timerFor(choice) });
    },
    extendSleepTimer() {
      const sleep = state.sleep;
      if (sleep?.kind !== 'minutes') return;
      const endsAt = Math.max(sleep.endsAt, Date.now()) + SLEEP_EXTEND_MINUTES * 60_000;
      set({ ...state, sleep: { ...sleep, minutes: sleep.minutes + SLEEP_EXTEND_MINUTES, endsAt } });
    },
    setExpanded: (expanded) => set({ ...state, expanded }),
    setView: (view) => set({ ...state, view }),
    close: () =>
      set({
        ...state,
        isOpen: false,
        isPlaying: false,
        isLoading: false,
        awaitingAnswer: false,
        expanded: false,
        sleep: null,
      }),
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
    answerResumeOffer(choice) {
      const offer = state.resumeOffer;
      if (!offer) return;
      const track = logic.currentTrack(state);
      // Either way this device now holds the answer, so the same question is not asked again.
      playedAt[offer.productId] = now();
      if (choice === 'remote') {
        positions[offer.productId] = Math.floor(offer.remoteSeconds);
        rates[offer.productId] = offer.remoteRate;
        // Sought before the question goes: a held play starts there, not where it was.
        if (track?.productId === offer.productId) seek(offer.remoteSeconds);
        set({ ...state, resumeOffer: null, rate: offer.remoteRate });
      } else {
        set({ ...state, resumeOffer: null });
      }
      persist();
    },
    async refreshRemotePositions() {
      const current = sync;
      if (!current) return;
      const read = await current.read();
      if (sync !== current) return; // the account changed meanwhile
      remote.clear();
      for (const position of read) remote.set(position.productId, position);
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
      const track = logic.currentTrack(state);
      if (track) {
        practice?.finish(track.productId);
        delete positions[track.productId];
        const at = now();
        playedAt[track.productId] = at;
        sync?.record({ productId: track.productId, seconds: 0, rate: state.rate, playedAt: at }, 'pause');
      }
      set(logic.trackEnded(state, random));
      persist();
    },
    sleepElapsed: () => set({ ...state, isPlaying: false, isLoading: false, sleep: null }),
    rememberPosition(productId, seconds, duration, urgent) {
      if (soundingOf(state) === productId || urgent === 'hidden') practice?.update(urgent);
      const finished = duration !== null && seconds >= duration - FINISHED_MARGIN_SECONDS;
      // Unchanged (paused, then the page hidden or closed): the time it was reached stays, so a device that
      // merely reopens does not look newer than another device that listened on meanwhile.
      // What waits to be sent still goes now on a pause or when hidden.
      if (!finished && Math.floor(seconds) === positions[productId]) {
        if (urgent) void sync?.flush(urgent === 'hidden');
        return;
      }
      delete positions[productId]; // re-inserted last: the most recent survive the cap
      if (!finished && seconds >= 1) positions[productId] = Math.floor(seconds);
      const at = now();
      playedAt[productId] = at;
      persist();
      // A finished track is saved as 0: every device starts it from the beginning next time.
      sync?.record(
        {
          productId,
          seconds: finished ? 0 : Math.floor(seconds),
          rate: rates[productId] ?? state.rate,
          playedAt: at,
        },
        urgent,
      );
    },
    resumePosition: (productId) => positions[productId] ?? 0,
  };
  return store;
}
