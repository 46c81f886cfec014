// The position the engine hands the store as a track plays (src/features/player/position-report.ts): every 5 s
// of playback, at once when asked (a pause, the page hidden), only for the track whose link is in.
import { beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { initialPlayerState } from '@/features/player/player-initial-state';
import { createPositionReport, REMEMBER_EVERY_SECONDS } from '@/features/player/position-report';
import type { PlayerStore } from '@/features/player/player-store';
import type { PlayerState } from '@/features/player/player-types';
import { fakeMedia, type FakeMedia } from './fake-media';

const playing: PlayerState = {
  ...initialPlayerState,
  playlist: [{ id: 't1', title: 'A', category: 'Sleep', productId: 'p1' }],
};

describe('the position report', () => {
  let media: FakeMedia;
  let state: PlayerState;
  let ready: string | null;
  let rememberPosition: Mock<PlayerStore['rememberPosition']>;
  let report: ReturnType<typeof createPositionReport>;

  beforeEach(() => {
    media = fakeMedia();
    media.report({ duration: 600 });
    state = playing;
    ready = 'p1';
    rememberPosition = vi.fn();
    report = createPositionReport({
      store: { getSnapshot: () => state, rememberPosition },
      media: () => media,
      readyProduct: () => ready,
    });
  });

  it('saves every 5 s of playback, counted from the last save (forward or back)', () => {
    report.savedAt(100);
    media.currentTime = 100 + REMEMBER_EVERY_SECONDS - 0.1;
    report.played();
    expect(rememberPosition).not.toHaveBeenCalled();
    media.currentTime = 100 + REMEMBER_EVERY_SECONDS;
    report.played();
    expect(rememberPosition).toHaveBeenLastCalledWith('p1', 105, 600, undefined);
    expect(report.lastSaved()).toBe(105);
    media.currentTime = 99;
    report.played();
    expect(rememberPosition).toHaveBeenCalledTimes(2);
  });

  it('a pause or a hidden page saves at once, with the urgency; an unknown length is null', () => {
    media = fakeMedia();
    media.currentTime = 12;
    report.remember('pause');
    report.remember('hidden');
    expect(rememberPosition.mock.calls).toEqual([
      ['p1', 12, null, 'pause'],
      ['p1', 12, null, 'hidden'],
    ]);
  });

  it('nothing for a track whose link is not in (loading, failed, or another track than the store holds)', () => {
    media.currentTime = 30;
    ready = null;
    report.remember('pause');
    ready = 'p2';
    report.remember('pause');
    ready = 'p1';
    state = { ...playing, playlist: [] };
    report.remember('pause');
    expect(rememberPosition).not.toHaveBeenCalled();
    expect(report.lastSaved()).toBe(0);
  });
});
