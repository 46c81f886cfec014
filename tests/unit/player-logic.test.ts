import { describe, expect, it } from 'vitest';
import {
  addToPlaylist,
  changeTrack,
  clampSeek,
  clampVolume,
  currentTrack,
  fadeFactor,
  formatTime,
  isPlayerVisible,
  isTextField,
  next,
  nextIndex,
  playTrack,
  previous,
  removeFromPlaylist,
  seekPercent,
  setVolume,
  shortcutFor,
  toggleMute,
  trackEnded,
  volumePercent,
} from '@/features/player/player-logic';
import { initialPlayerState } from '@/features/player/player-initial-state';
import type { PlayerState, Track } from '@/features/player/player-types';

const track = (n: number): Track => ({
  id: `t${n}`,
  title: `Track ${n}`,
  category: 'Insomnia',
  productId: `p${n}`,
});
const [a, b, c, d] = [track(1), track(2), track(3), track(4)] as [Track, Track, Track, Track];
const list = [a, b, c];

function playing(index = 0, extra: Partial<PlayerState> = {}): PlayerState {
  return { ...playTrack(initialPlayerState, list[index]!, list), isLoading: false, ...extra };
}

describe('play a track with its playlist', () => {
  it('sets the playlist, the index of the track, shows the player and plays (spinner until audio starts)', () => {
    const state = playTrack(initialPlayerState, b, list);
    expect(state).toMatchObject({
      playlist: list,
      currentIndex: 1,
      isOpen: true,
      isPlaying: true,
      isLoading: true,
    });
    expect(currentTrack(state)).toBe(b);
    expect(isPlayerVisible(state)).toBe(true);
  });
  it('uses index 0 when the track is not in the playlist', () => {
    expect(playTrack(initialPlayerState, d, list).currentIndex).toBe(0);
  });
  it('plays the track alone without a playlist, and loads it afresh', () => {
    const state = playTrack(initialPlayerState, d);
    expect(state.playlist).toEqual([d]);
    expect(state.loadKey).toBe(initialPlayerState.loadKey + 1);
  });
  it('is hidden when closed or without a track', () => {
    expect(isPlayerVisible(initialPlayerState)).toBe(false);
    expect(isPlayerVisible({ ...playing(), isOpen: false })).toBe(false);
    expect(isPlayerVisible({ ...initialPlayerState, isOpen: true })).toBe(false);
  });
});

describe('add to playlist', () => {
  it('appends and skips duplicates', () => {
    const state = addToPlaylist(playing(), [b, d, d]);
    expect(state.playlist.map((t) => t.id)).toEqual(['t1', 't2', 't3', 't4']);
    expect(state.currentIndex).toBe(0);
  });
  it('changes nothing when every track is already there', () => {
    const state = playing();
    expect(addToPlaylist(state, [a, c])).toBe(state);
  });
  it('opens an empty player paused on the first added track', () => {
    const state = addToPlaylist(initialPlayerState, [c]);
    expect(state).toMatchObject({ playlist: [c], currentIndex: 0, isOpen: true, isPlaying: false });
  });
});

describe('remove from playlist', () => {
  it('keeps the same track current when an earlier one is removed (index - 1)', () => {
    const state = removeFromPlaylist(playing(2), 't1');
    expect(state.currentIndex).toBe(1);
    expect(currentTrack(state)).toBe(c);
  });
  it('keeps the index when a later one is removed', () => {
    expect(removeFromPlaylist(playing(0), 't3').currentIndex).toBe(0);
  });
  it('makes the next track current when the current one is removed (the last when it was last)', () => {
    const middle = removeFromPlaylist(playing(1), 't2');
    expect(currentTrack(middle)).toBe(c);
    expect(middle.loadKey).toBeGreaterThan(playing(1).loadKey);
    expect(currentTrack(removeFromPlaylist(playing(2), 't3'))).toBe(b);
  });
  it('hides the player when the playlist becomes empty', () => {
    let state = playTrack(initialPlayerState, a);
    state = removeFromPlaylist(state, 't1');
    expect(state).toMatchObject({ playlist: [], isOpen: false, isPlaying: false });
    expect(isPlayerVisible(state)).toBe(false);
  });
  it('ignores an unknown id', () => {
    const state = playing();
    expect(removeFromPlaylist(state, 'nope')).toBe(state);
  });
});

describe('change track', () => {
  it('accepts only an index within the list', () => {
    const state = playing();
    expect(changeTrack(state, 2).currentIndex).toBe(2);
    expect(changeTrack(state, 3)).toBe(state);
    expect(changeTrack(state, -1)).toBe(state);
    expect(changeTrack(state, 1.5)).toBe(state);
  });
  it('loads the new track from the start and keeps playing if it was', () => {
    const state = changeTrack(playing(), 1);
    expect(state).toMatchObject({ isPlaying: true, isLoading: true, loadKey: playing().loadKey + 1 });
    const paused = changeTrack({ ...playing(), isPlaying: false }, 1);
    expect(paused).toMatchObject({ isPlaying: false, isLoading: false });
  });
});

describe('next and previous', () => {
  it('next goes to the following track, wrapping to the first', () => {
    expect(next(playing(0)).currentIndex).toBe(1);
    expect(next(playing(2)).currentIndex).toBe(0);
  });
  it('with shuffle, next is random but never the same track when there is more than one', () => {
    const state = playing(1, { shuffle: true });
    for (const r of [0, 0.2, 0.49, 0.5, 0.7, 0.9999]) expect(nextIndex(state, () => r)).not.toBe(1);
    expect(new Set([0, 0.6].map((r) => nextIndex(state, () => r)))).toEqual(new Set([0, 2]));
    expect(nextIndex(playTrack({ ...initialPlayerState, shuffle: true }, a), () => 0.5)).toBe(0);
  });
  it('previous restarts the track after more than 3 seconds played', () => {
    expect(previous(playing(1), 3.1)).toBe('restart');
  });
  it('previous goes to the previous track otherwise, wrapping to the last', () => {
    expect(previous(playing(1), 3)).toMatchObject({ currentIndex: 0 });
    expect(previous(playing(0), 0)).toMatchObject({ currentIndex: 2 });
  });
});

describe('when a track ends', () => {
  it('repeat plays it again from the start', () => {
    const state = trackEnded(playing(1, { repeat: true }));
    expect(state).toMatchObject({ currentIndex: 1, isPlaying: true, loadKey: playing(1).loadKey + 1 });
  });
  it('goes on to the next track, and stops after the last one', () => {
    expect(trackEnded(playing(0))).toMatchObject({ currentIndex: 1, isPlaying: true });
    expect(trackEnded(playing(2))).toMatchObject({ currentIndex: 2, isPlaying: false });
  });
  it('with shuffle, goes on to another random track', () => {
    expect(trackEnded(playing(2, { shuffle: true }), () => 0)).toMatchObject({
      currentIndex: 0,
      isPlaying: true,
    });
  });
  it('stops when the sleep timer is set to the end of the track', () => {
    const state = trackEnded(playing(0, { sleep: { kind: 'end-of-track' } }));
    expect(state).toMatchObject({ currentIndex: 0, isPlaying: false, sleep: null });
  });
});

describe('volume', () => {
  it('is 0..1 (default 1), shown 0..100', () => {
    expect(initialPlayerState.volume).toBe(1);
    expect(setVolume(playing(), 1.7).volume).toBe(1);
    expect(setVolume(playing(), -3).volume).toBe(0);
    expect(clampVolume(Number.NaN)).toBe(0);
    expect(volumePercent(0.456)).toBe(46);
  });
  it('0 is muted; unmute restores the previous volume', () => {
    let state = setVolume(playing(), 0.6);
    state = toggleMute(state);
    expect(state.volume).toBe(0);
    state = toggleMute(state);
    expect(state.volume).toBe(0.6);
    // Dragging to 0 is muted too, and unmuting returns to the last audible volume.
    state = setVolume(setVolume(state, 0.3), 0);
    expect(toggleMute(state).volume).toBe(0.3);
  });
});

describe('seek and time labels', () => {
  it('clamps to 0..duration', () => {
    expect(clampSeek(-5, 90)).toBe(0);
    expect(clampSeek(120, 90)).toBe(90);
    expect(clampSeek(45.5, 90)).toBe(45.5);
    expect(clampSeek(500, null)).toBe(500);
    expect(clampSeek(Number.NaN, 90)).toBe(0);
  });
  it('labels m:ss, --:-- when unknown', () => {
    expect(formatTime(0)).toBe('0:00');
    expect(formatTime(65.9)).toBe('1:05');
    expect(formatTime(1800)).toBe('30:00');
    expect(formatTime(3725)).toBe('1:02:05');
    expect(formatTime(null)).toBe('--:--');
    expect(formatTime(Number.NaN)).toBe('--:--');
    expect(formatTime(Number.POSITIVE_INFINITY)).toBe('--:--');
  });
  it('positions the slider in 0.1 % steps', () => {
    expect(seekPercent(30, 90)).toBe(33.3);
    expect(seekPercent(10, null)).toBe(0);
    expect(seekPercent(100, 90)).toBe(100);
  });
});

describe('keyboard shortcuts', () => {
  const key = (k: string, mods: Partial<KeyboardEvent> = {}) => ({
    key: k,
    altKey: false,
    ctrlKey: false,
    metaKey: false,
    ...mods,
  });
  const el = (html: string): Element => {
    const host = document.createElement('div');
    host.innerHTML = html;
    return host.firstElementChild!;
  };

  it('Space, Left/Right, Up/Down on the page', () => {
    expect(shortcutFor(key(' '), document.body)).toBe('toggle-play');
    expect(shortcutFor(key('ArrowLeft'), document.body)).toBe('seek-back');
    expect(shortcutFor(key('ArrowRight'), document.body)).toBe('seek-forward');
    expect(shortcutFor(key('ArrowUp'), document.body)).toBe('volume-up');
    expect(shortcutFor(key('ArrowDown'), document.body)).toBe('volume-down');
    expect(shortcutFor(key('Enter'), document.body)).toBeNull();
  });
  it('nothing in a text field or with a modifier', () => {
    expect(isTextField(el('<input type="email">'))).toBe(true);
    expect(isTextField(el('<input type="checkbox">'))).toBe(false);
    for (const html of [
      '<input>',
      '<textarea></textarea>',
      '<select></select>',
      '<div contenteditable="true"></div>',
    ]) {
      expect(shortcutFor(key(' '), el(html)), html).toBeNull();
      expect(shortcutFor(key('ArrowLeft'), el(html)), html).toBeNull();
    }
    expect(shortcutFor(key('ArrowLeft', { altKey: true }), document.body)).toBeNull();
    expect(shortcutFor(key(' ', { ctrlKey: true }), document.body)).toBeNull();
  });
  it('leaves a key to a control that uses it (Space on a button, arrows on a slider)', () => {
    expect(shortcutFor(key(' '), el('<button>x</button>'))).toBeNull();
    expect(shortcutFor(key('ArrowRight'), el('<button>x</button>'))).toBe('seek-forward');
    expect(shortcutFor(key('ArrowRight'), el('<span role="slider"></span>'))).toBeNull();
    expect(shortcutFor(key(' '), el('<span role="slider"></span>'))).toBe('toggle-play');
  });
});

describe('sleep timer fade', () => {
  it('fades from full volume to silence over the last seconds', () => {
    const end = 100_000;
    expect(fadeFactor(end - 60_000, end, 30)).toBe(1);
    expect(fadeFactor(end - 15_000, end, 30)).toBe(0.5);
    expect(fadeFactor(end, end, 30)).toBe(0);
  });
});
