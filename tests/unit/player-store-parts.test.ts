// The player store's small parts: the resume question's held play (src/features/player/resume-offer.ts), the
// one-time safety notice (src/features/player/safety-gate.ts) and the actions on a core
// (src/features/player/player-actions.ts).
import { beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { createPlayerActions, type PlayerCore } from '@/features/player/player-actions';
import { initialPlayerState, initialProgress } from '@/features/player/player-initial-state';
import { createPlayerMemory } from '@/features/player/player-memory';
import { readDeviceChoices, SAFETY_KEY } from '@/features/player/player-storage';
import type { PlayerState, ResumeOffer, Track } from '@/features/player/player-types';
import { holdForAnswer } from '@/features/player/resume-offer';
import { createSafetyGate } from '@/features/player/safety-gate';

const track = (n: number): Track => ({ id: `t${n}`, title: `T${n}`, category: 'Sleep', productId: `p${n}` });
const offer: ResumeOffer = {
  productId: 'p1',
  remoteSeconds: 300.6,
  remoteRate: 1.5,
  remoteDeviceKind: 'phone',
  remotePlayedAt: 5000,
  localSeconds: 0,
};

describe('the held play while the resume question waits', () => {
  it('a wish to play is held, not sounded, while the question waits; a pause stays a pause', () => {
    const asked = { ...initialPlayerState, resumeOffer: offer };
    expect(holdForAnswer({ ...asked, isPlaying: true, isLoading: true })).toMatchObject({
      isPlaying: false,
      isLoading: false,
      awaitingAnswer: true,
    });
    const paused = { ...asked, isPlaying: false };
    expect(holdForAnswer(paused)).toBe(paused);
  });

  it('once answered, the held play starts; without one nothing changes', () => {
    expect(holdForAnswer({ ...initialPlayerState, awaitingAnswer: true })).toMatchObject({
      awaitingAnswer: false,
      isPlaying: true,
      isLoading: true,
    });
    expect(holdForAnswer(initialPlayerState)).toBe(initialPlayerState);
  });
});

describe('the safety gate', () => {
  beforeEach(() => localStorage.clear());

  it('holds the first action until acknowledged, remembers it, then runs the next at once', () => {
    const gate = createSafetyGate();
    const action = vi.fn();
    const open = vi.fn();
    gate.afterSafety(action, open);
    expect(open).toHaveBeenCalledTimes(1);
    expect(action).not.toHaveBeenCalled();
    gate.acknowledge()?.();
    expect(action).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem(SAFETY_KEY)).toBe('acknowledged');
    expect(gate.acknowledge()).toBeNull(); // the held action ran once: nothing waits any more
    const later = vi.fn();
    createSafetyGate().afterSafety(later, open);
    expect(later).toHaveBeenCalledTimes(1);
    expect(open).toHaveBeenCalledTimes(1);
  });

  it('dropped: nothing waits, nothing is remembered', () => {
    const gate = createSafetyGate();
    const action = vi.fn();
    gate.afterSafety(action, () => {});
    gate.drop();
    expect(gate.acknowledge()).toBeNull();
    expect(action).not.toHaveBeenCalled();
  });
});

describe('the player actions on a core', () => {
  let state: PlayerState;
  let played: number;
  let core: PlayerCore & { seekTo: Mock<(seconds: number) => void> };
  let actions: ReturnType<typeof createPlayerActions>;

  beforeEach(() => {
    localStorage.clear();
    localStorage.setItem(SAFETY_KEY, 'acknowledged');
    state = initialPlayerState;
    played = 0;
    core = {
      state: () => state,
      set: (next) => {
        state = holdForAnswer(next);
      },
      progress: () => ({ ...initialProgress, duration: 100 }),
      seekTo: vi.fn(),
      playedSeconds: () => played,
      memory: createPlayerMemory({ now: () => 1000 }),
      safety: createSafetyGate(),
      random: () => 0,
    };
    actions = createPlayerActions(core);
  });

  it('plays a track with its list and shows the player; seeks clamp to the length', () => {
    actions.playTrack(track(2), [track(1), track(2)]);
    expect(state).toMatchObject({ currentIndex: 1, isOpen: true, isPlaying: true });
    actions.seek(150);
    expect(core.seekTo).toHaveBeenLastCalledWith(100);
    played = 5;
    actions.seekBy(-10);
    expect(core.seekTo).toHaveBeenLastCalledWith(0);
  });

  it('previous restarts after 3 s, else goes back a track', () => {
    actions.playTrack(track(2), [track(1), track(2)]);
    played = 4;
    actions.previous();
    expect(core.seekTo).toHaveBeenLastCalledWith(0);
    expect(state.currentIndex).toBe(1);
    played = 1;
    actions.previous();
    expect(state.currentIndex).toBe(0);
  });

  it("Play while the question waits answers it with this device's place, and plays", () => {
    state = { ...initialPlayerState, playlist: [track(1)], resumeOffer: offer };
    actions.play();
    expect(state).toMatchObject({ resumeOffer: null, isPlaying: true });
    expect(core.seekTo).not.toHaveBeenCalled();
  });

  it("continuing elsewhere seeks to the other device's place and speed before the question goes", () => {
    state = { ...initialPlayerState, playlist: [track(1)], resumeOffer: offer };
    actions.answerResumeOffer('remote');
    expect(core.seekTo).toHaveBeenCalledWith(100); // clamped to the known length
    expect(state).toMatchObject({ resumeOffer: null, rate: 1.5 });
    expect(core.memory.position('p1')).toBe(300);
  });

  it('the sleep timer: chosen (and remembered on this device), extended by 10 minutes, cleared on close', () => {
    vi.useFakeTimers();
    vi.setSystemTime(1_000_000);
    try {
      actions.playTrack(track(1), [track(1)]);
      actions.setSleepTimer(15);
      expect(state.sleep).toEqual({ kind: 'minutes', minutes: 15, endsAt: 1_000_000 + 15 * 60_000 });
      expect(readDeviceChoices().sleep).toBe(15);
      actions.extendSleepTimer();
      expect(state.sleep).toMatchObject({ minutes: 25, endsAt: 1_000_000 + 25 * 60_000 });
      actions.close();
      expect(state).toMatchObject({ sleep: null, isOpen: false, isPlaying: false });
    } finally {
      vi.useRealTimers();
    }
  });

  it('an unknown speed is 1; a chosen one is remembered for the track', () => {
    actions.playTrack(track(1), [track(1)]);
    actions.setRate(1.25);
    expect(core.memory.rateOf('p1')).toBe(1.25);
    actions.setRate(3);
    expect(state.rate).toBe(1);
  });
});
