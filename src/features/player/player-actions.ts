// What the listener does to the player (the bar, My Account's buttons, the keyboard, the lock screen): each
// action proposes the next state to the store's core (player-store.ts), which applies its rules and tells the
// listeners. The playlist rules themselves are pure (player-logic.ts).
import * as logic from './player-logic';
import type { PlayerMemory } from './player-memory';
import { readDeviceChoices, writeDeviceChoices } from './player-storage';
import type { PlayerProgress, PlayerState, PlayerView, SleepChoice, Track } from './player-types';
import type { SafetyGate } from './safety-gate';
import { extendedTimer, timerFor } from './sleep-choice';

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

/** The store's core as the actions see it. */
export interface PlayerCore {
  state: () => PlayerState;
  /** Proposes the next state (the core adds its rules: per-track speed, the resume question, sleep). */
  set: (next: PlayerState) => void;
  progress: () => PlayerProgress;
  /** Moves the position (the bar's) and the media element's, if one is connected. */
  seekTo: (seconds: number) => void;
  /** Where the track is now (the media element's time once one is connected). */
  playedSeconds: () => number;
  memory: PlayerMemory;
  safety: SafetyGate;
  random: () => number;
}

export function createPlayerActions(core: PlayerCore): PlayerActions {
  const { set, state, memory, safety, random } = core;
  const afterSafety = (action: () => void) =>
    safety.afterSafety(action, () => set({ ...state(), safetyNoticeOpen: true }));

  const seek = (seconds: number) => core.seekTo(logic.clampSeek(seconds, core.progress().duration));

  const answerResumeOffer = (choice: 'remote' | 'local') => {
    const offer = state().resumeOffer;
    if (!offer) return;
    const track = logic.currentTrack(state());
    memory.answered(offer, choice);
    if (choice === 'remote') {
      // Sought before the question goes: a held play starts there, not where it was.
      if (track?.productId === offer.productId) seek(offer.remoteSeconds);
      set({ ...state(), resumeOffer: null, rate: offer.remoteRate });
    } else {
      set({ ...state(), resumeOffer: null });
    }
    memory.persist(state());
  };

  const play = () => {
    if (!logic.currentTrack(state())) return;
    // Play pressed in the bar while the question waits: play what this device has (an answer, not a silence).
    if (state().resumeOffer) {
      answerResumeOffer('local');
      if (!state().isPlaying) play();
      return;
    }
    afterSafety(() => set({ ...state(), isOpen: true, isPlaying: true, isLoading: true, error: null }));
  };
  const pause = () => set({ ...state(), isPlaying: false, isLoading: false, awaitingAnswer: false });

  return {
    playTrack: (track, playlist) => afterSafety(() => set(logic.playTrack(state(), track, playlist))),
    addToPlaylist: (tracks) =>
      set(logic.addToPlaylist(state(), Array.isArray(tracks) ? tracks : [tracks as Track])),
    removeFromPlaylist: (trackId) => set(logic.removeFromPlaylist(state(), trackId)),
    changeTrack: (index) => set(logic.changeTrack(state(), index)),
    next: () => set(logic.next(state(), random)),
    previous() {
      const result = logic.previous(state(), core.playedSeconds());
      if (result === 'restart') seek(0);
      else set(result);
    },
    play,
    pause,
    togglePlay: () => (state().isPlaying ? pause() : play()),
    toggleShuffle: () => set({ ...state(), shuffle: !state().shuffle }),
    toggleRepeat() {
      writeDeviceChoices({ ...readDeviceChoices(), repeat: !state().repeat });
      set({ ...state(), repeat: !state().repeat });
    },
    setVolume: (volume) => set(logic.setVolume(state(), volume)),
    toggleMute: () => set(logic.toggleMute(state())),
    seek,
    seekBy: (seconds) => seek(core.playedSeconds() + seconds),
    setRate(rate) {
      const chosen = logic.PLAYBACK_RATES.includes(rate as 1) ? rate : 1;
      const track = logic.currentTrack(state());
      if (track) memory.chooseRate(track.productId, chosen);
      set({ ...state(), rate: chosen });
    },
    setSleepTimer(choice) {
      writeDeviceChoices({ ...readDeviceChoices(), sleep: choice });
      set({ ...state(), sleep: choice === null ? null : timerFor(choice, Date.now()) });
    },
    extendSleepTimer() {
      const sleep = extendedTimer(state().sleep, Date.now());
      if (sleep) set({ ...state(), sleep });
    },
    setExpanded: (expanded) => set({ ...state(), expanded }),
    setView: (view) => set({ ...state(), view }),
    close: () =>
      set({
        ...state(),
        isOpen: false,
        isPlaying: false,
        isLoading: false,
        awaitingAnswer: false,
        expanded: false,
        sleep: null,
      }),
    acknowledgeSafety() {
      const action = safety.acknowledge();
      set({ ...state(), safetyNoticeOpen: false });
      action?.();
    },
    dismissSafety() {
      safety.drop();
      set({ ...state(), safetyNoticeOpen: false });
    },
    clearError: () => set({ ...state(), error: null }),
    answerResumeOffer,
  };
}
