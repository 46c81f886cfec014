// The sleep timer (docs/player.md "Sleep"): the engine's fade (src/features/player/sleep-timer.ts) and the
// store's timer rules (src/features/player/sleep-choice.ts).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createSleepFade,
  END_OF_TRACK_FADE_SECONDS,
  SLEEP_FADE_SECONDS,
} from '@/features/player/sleep-timer';
import {
  extendedTimer,
  rememberedSleep,
  SLEEP_EXTEND_MINUTES,
  timerFor,
} from '@/features/player/sleep-choice';
import type { SleepTimer } from '@/features/player/player-types';

const START = 1_000_000_000;

describe('the sleep fade', () => {
  let applied: number[];
  let elapsed: number;
  let fade: ReturnType<typeof createSleepFade>;

  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(START);
    applied = [];
    elapsed = 0;
    fade = createSleepFade({
      apply: () => applied.push(fade.factor()),
      elapsed: () => {
        elapsed += 1;
      },
    });
  });
  afterEach(() => {
    fade.dispose();
    vi.useRealTimers();
  });

  it('a minutes timer keeps full volume until its last 30 s, fades to silence and then runs out once', async () => {
    const endsAt = START + 60_000;
    fade.follow({ kind: 'minutes', minutes: 1, endsAt });
    expect(fade.factor()).toBe(1);
    await vi.advanceTimersByTimeAsync(60_000 - SLEEP_FADE_SECONDS * 1000);
    expect(fade.factor()).toBe(1);
    await vi.advanceTimersByTimeAsync(15_000);
    expect(fade.factor()).toBeCloseTo(0.5);
    expect(applied.at(-1)).toBeCloseTo(0.5); // the engine was told to apply it
    expect(elapsed).toBe(0);
    await vi.advanceTimersByTimeAsync(15_000);
    expect(fade.factor()).toBe(0);
    expect(elapsed).toBe(1);
  });

  it('a timer already over when set runs out at once', () => {
    fade.follow({ kind: 'minutes', minutes: 15, endsAt: START - 1 });
    expect(elapsed).toBe(1);
  });

  it('changing or clearing the timer brings full volume back and stops the old countdown', async () => {
    fade.follow({ kind: 'minutes', minutes: 1, endsAt: START + 10_000 });
    expect(fade.factor()).toBeCloseTo(10 / 30);
    fade.follow(null);
    expect(fade.factor()).toBe(1);
    expect(applied.at(-1)).toBe(1);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(elapsed).toBe(0);
    expect(fade.factor()).toBe(1);
  });

  it('the end-of-track timer fades over the last 15 s of the track, and is full again when it ends', () => {
    const sleep: SleepTimer = { kind: 'end-of-track' };
    fade.follow(sleep);
    fade.progress(sleep, 60, 90);
    expect(fade.factor()).toBe(1);
    fade.progress(sleep, 90 - END_OF_TRACK_FADE_SECONDS / 3, 90);
    expect(fade.factor()).toBeCloseTo(1 / 3);
    expect(applied.at(-1)).toBeCloseTo(1 / 3);
    fade.progress(sleep, 90, 90);
    expect(fade.factor()).toBe(0);
    fade.ended(sleep);
    expect(fade.factor()).toBe(1);
    expect(applied.at(-1)).toBe(1);
  });

  it('the position changes nothing without an end-of-track timer, or without a known length', () => {
    const minutes: SleepTimer = { kind: 'minutes', minutes: 15, endsAt: START + 900_000 };
    fade.follow(minutes);
    const before = applied.length;
    fade.progress(minutes, 89, 90);
    fade.progress(null, 89, 90);
    fade.progress({ kind: 'end-of-track' }, 89, Number.NaN);
    fade.ended(minutes);
    expect(fade.factor()).toBe(1);
    expect(applied).toHaveLength(before);
  });
});

describe('the sleep choice', () => {
  it('a choice becomes a timer: minutes from now, or the end of the track', () => {
    expect(timerFor(30, START)).toEqual({ kind: 'minutes', minutes: 30, endsAt: START + 30 * 60_000 });
    expect(timerFor('end-of-track', START)).toEqual({ kind: 'end-of-track' });
  });

  it('one press adds 10 minutes, counted from when it would have ended (or now, once past)', () => {
    const running = { kind: 'minutes', minutes: 15, endsAt: START + 20_000 } as const;
    expect(extendedTimer(running, START)).toEqual({
      kind: 'minutes',
      minutes: 15 + SLEEP_EXTEND_MINUTES,
      endsAt: START + 20_000 + SLEEP_EXTEND_MINUTES * 60_000,
    });
    expect(extendedTimer({ ...running, endsAt: START - 5000 }, START)).toMatchObject({
      endsAt: START + 600_000,
    });
    expect(extendedTimer({ kind: 'end-of-track' }, START)).toBeNull();
    expect(extendedTimer(null, START)).toBeNull();
  });

  it("sound starting with no timer running arms this device's last choice; nothing else does", () => {
    const remembered = vi.fn(() => 45 as const);
    const starting = { sleep: null, isPlaying: true };
    expect(rememberedSleep(starting, false, remembered, START)).toEqual(timerFor(45, START));
    const running: SleepTimer = { kind: 'end-of-track' };
    expect(rememberedSleep({ sleep: running, isPlaying: true }, false, remembered, START)).toBe(running);
    expect(rememberedSleep(starting, true, remembered, START)).toBeNull(); // already playing
    expect(rememberedSleep({ sleep: null, isPlaying: false }, false, remembered, START)).toBeNull();
    expect(remembered).toHaveBeenCalledTimes(1); // storage is read only when it matters
    expect(rememberedSleep(starting, false, () => null, START)).toBeNull(); // off is a choice too
  });
});
