// The link refresh of the player's engine (src/features/player/audio-link-refresh.ts): when a new link is asked
// for, nothing fetched while paused, a refusal kept quiet, a renewed link for a load that is no longer the one in
// use dropped, and the next refresh scheduled from the new link.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createLinkRefresh,
  refreshDelayMs,
  type LinkRefreshHost,
} from '@/features/player/audio-link-refresh';
import type { SignedAudioUrl } from '@/lib/audio-storage';

const LIFETIME_SECONDS = 300;
const linkFor = (n: number): SignedAudioUrl => ({
  url: `https://stack.test/p1.mp3?token=${n}`,
  expiresAt: Math.floor(Date.now() / 1000) + LIFETIME_SECONDS,
});

function host(overrides: Partial<LinkRefreshHost> = {}) {
  let n = 1;
  const calls = { dueWhilePaused: 0, renewed: [] as [string, number][] };
  let paused = false;
  let current = 1;
  const sign = vi.fn(() => Promise.resolve(linkFor(++n)));
  const base: LinkRefreshHost = {
    sign,
    productOf: (token) => (token === current ? 'p1' : null),
    isCurrent: (token) => token === current,
    paused: () => paused,
    dueWhilePaused: () => {
      calls.dueWhilePaused += 1;
    },
    renewed: (url, token) => {
      calls.renewed.push([url, token]);
      return Promise.resolve();
    },
  };
  return {
    sign,
    calls,
    pause: (value: boolean) => {
      paused = value;
    },
    nextLoad: () => {
      current += 1;
    },
    refresh: createLinkRefresh({ ...base, ...overrides }),
  };
}

describe('refreshDelayMs', () => {
  it('asks a minute before expiry, a quarter of a short lifetime before, never sooner than a second', () => {
    expect(refreshDelayMs(1000 + 300, 1000 * 1000)).toBe(240_000);
    expect(refreshDelayMs(1000 + 20, 1000 * 1000)).toBe(15_000);
    expect(refreshDelayMs(1000 + 2, 1000 * 1000)).toBe(1000);
    expect(refreshDelayMs(1000, 1000 * 1000)).toBe(1000);
    expect(refreshDelayMs(900, 1000 * 1000)).toBe(1000); // already expired: at once, but not in a loop
  });

  it('looks again after the longest delay a timer keeps when a link lasts for weeks (a longer timer runs at once)', () => {
    expect(refreshDelayMs(4_000_000_000, 1_796_000_000_000)).toBe(2_147_483_647);
  });
});

describe('the link refresh', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(1_000_000_000); // a whole second, so a link's lifetime is exactly 300 s
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('while playing, signs again a minute before expiry and hands the new link on, then schedules the next', async () => {
    const { refresh, sign, calls } = host();
    refresh.schedule(linkFor(1), 1);
    await vi.advanceTimersByTimeAsync(239_999);
    expect(sign).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(sign).toHaveBeenCalledWith('p1');
    expect(calls.renewed).toEqual([['https://stack.test/p1.mp3?token=2', 1]]);
    await vi.advanceTimersByTimeAsync(240_000);
    expect(sign).toHaveBeenCalledTimes(2);
    expect(calls.renewed.at(-1)).toEqual(['https://stack.test/p1.mp3?token=3', 1]);
  });

  it('while paused, nothing is fetched: the engine is told the link is due', async () => {
    const { refresh, sign, calls, pause } = host();
    pause(true);
    refresh.schedule(linkFor(1), 1);
    await vi.advanceTimersByTimeAsync(600_000);
    expect(sign).not.toHaveBeenCalled();
    expect(calls.dueWhilePaused).toBe(1);
    expect(calls.renewed).toEqual([]);
  });

  it('a refused signing keeps what plays: nothing renewed, nothing scheduled', async () => {
    const sign = vi.fn(() => Promise.reject(new Error('refunded')));
    const { refresh, calls } = host({ sign });
    refresh.schedule(linkFor(1), 1);
    await vi.advanceTimersByTimeAsync(240_000);
    expect(sign).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(600_000);
    expect(sign).toHaveBeenCalledTimes(1);
    expect(calls.renewed).toEqual([]);
  });

  it('a link signed for a load that was replaced meanwhile is dropped', async () => {
    let answer: (link: SignedAudioUrl) => void = () => {};
    const sign = vi.fn(() => new Promise<SignedAudioUrl>((resolve) => (answer = resolve)));
    const { refresh, calls, nextLoad } = host({ sign });
    refresh.schedule(linkFor(1), 1);
    await vi.advanceTimersByTimeAsync(240_000);
    nextLoad(); // another track was chosen while the link was being signed
    answer(linkFor(2));
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.renewed).toEqual([]);
    await vi.advanceTimersByTimeAsync(600_000);
    expect(sign).toHaveBeenCalledTimes(1);
  });

  it('nothing is asked for a load that is not the one in use; a new schedule or a cancel replaces the old', async () => {
    const { refresh, sign, nextLoad } = host();
    refresh.schedule(linkFor(1), 1);
    nextLoad();
    await vi.advanceTimersByTimeAsync(240_000);
    expect(sign).not.toHaveBeenCalled();
    refresh.schedule(linkFor(1), 2);
    refresh.schedule({ url: 'x', expiresAt: Math.floor(Date.now() / 1000) + 20 }, 2);
    await vi.advanceTimersByTimeAsync(15_000);
    expect(sign).toHaveBeenCalledTimes(1); // the later schedule (15 s), not the earlier one's
    refresh.cancel();
    await vi.advanceTimersByTimeAsync(600_000);
    expect(sign).toHaveBeenCalledTimes(1);
  });
});
