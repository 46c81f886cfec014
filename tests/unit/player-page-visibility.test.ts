// The page's visibility for the player (src/features/player/page-visibility.ts): hidden saves the position at
// once; visible again, or every 15 s while paused on screen, reads the account's positions again.
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { REMOTE_POSITIONS_EVERY_MS, watchPageVisibility } from '@/features/player/page-visibility';
import { initialPlayerState } from '@/features/player/player-initial-state';

describe('the page visibility watch', () => {
  let visibility: DocumentVisibilityState;
  let isPlaying: boolean;
  let store: {
    getSnapshot: () => typeof initialPlayerState;
    refreshRemotePositions: Mock<() => Promise<void>>;
  };
  let hidden: Mock<() => void>;
  let unwatch: () => void;
  const turn = (state: DocumentVisibilityState) => {
    visibility = state;
    document.dispatchEvent(new Event('visibilitychange'));
  };

  beforeEach(() => {
    vi.useFakeTimers();
    visibility = 'visible';
    isPlaying = false;
    vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
    store = {
      getSnapshot: () => ({ ...initialPlayerState, isPlaying }),
      refreshRemotePositions: vi.fn(() => Promise.resolve()),
    };
    hidden = vi.fn();
    unwatch = watchPageVisibility(store, hidden);
  });
  afterEach(() => {
    unwatch();
    vi.restoreAllMocks();
    vi.useRealTimers();
  });

  it('hidden: the position goes now; visible again: positions are read', () => {
    turn('hidden');
    expect(hidden).toHaveBeenCalledTimes(1);
    expect(store.refreshRemotePositions).not.toHaveBeenCalled();
    turn('visible');
    expect(store.refreshRemotePositions).toHaveBeenCalledTimes(1);
    expect(hidden).toHaveBeenCalledTimes(1);
  });

  it('read every 15 s while paused on screen; never mid-listen, never while hidden', async () => {
    await vi.advanceTimersByTimeAsync(REMOTE_POSITIONS_EVERY_MS - 1);
    expect(store.refreshRemotePositions).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(store.refreshRemotePositions).toHaveBeenCalledTimes(1);
    isPlaying = true;
    await vi.advanceTimersByTimeAsync(REMOTE_POSITIONS_EVERY_MS * 2);
    expect(store.refreshRemotePositions).toHaveBeenCalledTimes(1);
    isPlaying = false;
    visibility = 'hidden';
    await vi.advanceTimersByTimeAsync(REMOTE_POSITIONS_EVERY_MS * 2);
    expect(store.refreshRemotePositions).toHaveBeenCalledTimes(1);
  });

  it('unwatched: neither the event nor the timer does anything', async () => {
    unwatch();
    turn('hidden');
    turn('visible');
    await vi.advanceTimersByTimeAsync(REMOTE_POSITIONS_EVERY_MS * 3);
    expect(hidden).not.toHaveBeenCalled();
    expect(store.refreshRemotePositions).not.toHaveBeenCalled();
  });
});
