// The player's keyboard shortcuts (src/features/player/player-keyboard.ts): only while the bar is shown and
// the safety notice is not, never in a text field or on a control that uses the key, never twice.
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { initialPlayerState } from '@/features/player/player-initial-state';
import { connectPlayerKeyboard } from '@/features/player/player-keyboard';
import type { PlayerState } from '@/features/player/player-types';

const shown: PlayerState = {
  ...initialPlayerState,
  isOpen: true,
  volume: 0.5,
  playlist: [{ id: 't1', title: 'A', category: 'Sleep', productId: 'p1' }],
};

describe('the player keyboard', () => {
  let state: PlayerState;
  let store: {
    getSnapshot: () => PlayerState;
    togglePlay: Mock<() => void>;
    seekBy: Mock<(seconds: number) => void>;
    setVolume: Mock<(volume: number) => void>;
  };
  let disconnect: () => void;
  const press = (key: string, target: EventTarget = document.body, init: KeyboardEventInit = {}) => {
    const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...init });
    target.dispatchEvent(event);
    return event;
  };

  beforeEach(() => {
    state = shown;
    store = { getSnapshot: () => state, togglePlay: vi.fn(), seekBy: vi.fn(), setVolume: vi.fn() };
    disconnect = connectPlayerKeyboard(store);
  });
  afterEach(() => disconnect());

  it('Space plays or pauses, the arrows seek 10 s and step the volume by a tenth', () => {
    expect(press(' ').defaultPrevented).toBe(true);
    press('ArrowLeft');
    press('ArrowRight');
    press('ArrowUp');
    press('ArrowDown');
    expect(store.togglePlay).toHaveBeenCalledTimes(1);
    expect(store.seekBy.mock.calls).toEqual([[-10], [10]]);
    expect(store.setVolume.mock.calls[0]![0]).toBeCloseTo(0.6);
    expect(store.setVolume.mock.calls[1]![0]).toBeCloseTo(0.4);
  });

  it('nothing while the bar is hidden, the safety notice asks, or the key was already handled', () => {
    state = { ...shown, isOpen: false };
    press(' ');
    state = { ...shown, safetyNoticeOpen: true };
    press(' ');
    state = shown;
    const handled = new KeyboardEvent('keydown', { key: ' ', bubbles: true, cancelable: true });
    handled.preventDefault();
    document.body.dispatchEvent(handled);
    expect(store.togglePlay).not.toHaveBeenCalled();
  });

  it('a text field, a modifier or a control that uses the key keeps it', () => {
    const input = document.createElement('input');
    const slider = document.createElement('div');
    slider.setAttribute('role', 'slider');
    const button = document.createElement('button');
    document.body.append(input, slider, button);
    try {
      expect(press(' ', input).defaultPrevented).toBe(false);
      press('ArrowRight', slider);
      press(' ', button);
      press('ArrowLeft', document.body, { ctrlKey: true });
      expect(store.togglePlay).not.toHaveBeenCalled();
      expect(store.seekBy).not.toHaveBeenCalled();
      press('ArrowRight', button); // a button does not use the arrows
      expect(store.seekBy).toHaveBeenCalledWith(10);
    } finally {
      input.remove();
      slider.remove();
      button.remove();
    }
  });

  it('disconnected: no shortcut any more', () => {
    disconnect();
    press(' ');
    expect(store.togglePlay).not.toHaveBeenCalled();
  });
});
