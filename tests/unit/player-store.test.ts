import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { connectAudio } from '@/features/player/audio-engine';
import { refreshDelayMs } from '@/features/player/audio-link-refresh';
import { accountKey, readSavedPlayer, SAFETY_KEY } from '@/features/player/player-storage';
import { createPlayerStore, type PlayerStore } from '@/features/player/player-store';
import type { Track } from '@/features/player/player-types';
import type { SignedAudioUrl } from '@/lib/audio-storage';

const track = (n: number): Track => ({
  id: `t${n}`,
  title: `Secret title ${n}`,
  category: 'Insomnia',
  productId: `p${n}`,
});
const list = [track(1), track(2), track(3)];

/** An <audio> whose play/pause work without media (jsdom has no playback). */
function fakeAudio() {
  const audio = document.createElement('audio');
  let time = 0;
  Object.defineProperty(audio, 'currentTime', {
    get: () => time,
    set: (value: number) => {
      time = value;
    },
  });
  Object.defineProperty(audio, 'duration', { get: () => 90, configurable: true });
  Object.defineProperty(audio, 'readyState', { get: () => 4 });
  let paused = true;
  Object.defineProperty(audio, 'paused', { get: () => paused });
  audio.play = vi.fn(() => {
    paused = false;
    queueMicrotask(() => audio.dispatchEvent(new Event('playing')));
    return Promise.resolve();
  });
  audio.pause = vi.fn(() => {
    paused = true;
  });
  audio.load = vi.fn();
  return audio;
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the player store with its audio engine', () => {
  let store: PlayerStore;
  let audio: HTMLAudioElement;
  let sign: ReturnType<typeof vi.fn<(productId: string) => Promise<SignedAudioUrl>>>;
  let disconnect: () => void;

  beforeEach(() => {
    localStorage.clear();
    localStorage.setItem(SAFETY_KEY, 'acknowledged');
    store = createPlayerStore({ random: () => 0 });
    audio = fakeAudio();
    let n = 0;
    sign = vi.fn((productId: string) =>
      Promise.resolve({
        url: `https://stack.test/sign/full/${productId}.mp3?token=${++n}`,
        expiresAt: Math.floor(Date.now() / 1000) + 300,
      }),
    );
    // A refreshed link is handed to a new element (fake timers can reach a refresh).
    vi.stubGlobal('Audio', function FakeAudio() {
      return fakeAudio();
    });
    disconnect = connectAudio(audio, store, sign, { artist: 'Practice' });
  });
  afterEach(() => {
    disconnect();
    vi.unstubAllGlobals();
  });

  it('loads the signed stream of the product and plays; the spinner stops when audio starts', async () => {
    store.playTrack(list[1]!, list);
    expect(store.getSnapshot().isLoading).toBe(true);
    await flush();
    expect(sign).toHaveBeenCalledWith('p2');
    expect(audio.src).toBe('https://stack.test/sign/full/p2.mp3?token=1');
    expect(audio.src).not.toContain('Secret');
    expect(audio.play).toHaveBeenCalled();
    await flush();
    expect(store.getSnapshot()).toMatchObject({ isPlaying: true, isLoading: false });
  });

  it('a new track starts at 0 and keeps playing; previous after 3 s restarts, else goes back', async () => {
    store.playTrack(list[0]!, list);
    await flush();
    audio.currentTime = 20;
    audio.dispatchEvent(new Event('timeupdate'));
    expect(store.getProgress().currentTime).toBe(20);
    store.next();
    expect(store.getProgress().currentTime).toBe(0);
    await flush();
    expect(audio.src).toContain('p2');
    expect(store.getSnapshot().isPlaying).toBe(true);
    audio.currentTime = 5;
    store.previous();
    expect(audio.currentTime).toBe(0); // restarted
    expect(store.getSnapshot().currentIndex).toBe(1);
    store.previous();
    expect(store.getSnapshot().currentIndex).toBe(0);
  });

  it('seeks clamped to the duration, and by ±10 s', async () => {
    store.playTrack(list[0]!, list);
    await flush();
    audio.dispatchEvent(new Event('loadedmetadata'));
    expect(store.getProgress().duration).toBe(90);
    store.seek(200);
    expect(audio.currentTime).toBe(90);
    store.seek(30);
    store.seekBy(10);
    expect(audio.currentTime).toBe(40);
    store.seekBy(-100);
    expect(audio.currentTime).toBe(0);
  });

  it('keyboard while open, not in a text field: Space, arrows (seek ±10, volume ±10)', async () => {
    store.playTrack(list[0]!, list);
    await flush();
    audio.dispatchEvent(new Event('loadedmetadata'));
    const press = (key: string, target: EventTarget = document.body) =>
      target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
    press(' ');
    expect(store.getSnapshot().isPlaying).toBe(false);
    press(' ');
    expect(store.getSnapshot().isPlaying).toBe(true);
    press('ArrowRight');
    expect(audio.currentTime).toBe(10);
    press('ArrowLeft');
    expect(audio.currentTime).toBe(0);
    press('ArrowDown');
    expect(store.getSnapshot().volume).toBe(0.9);
    expect(audio.volume).toBeCloseTo(0.9);
    press('ArrowUp');
    press('ArrowUp');
    expect(store.getSnapshot().volume).toBe(1);
    const input = document.createElement('input');
    document.body.append(input);
    press(' ', input);
    expect(store.getSnapshot().isPlaying).toBe(true);
    input.remove();
    store.close();
    press(' ');
    expect(store.getSnapshot().isPlaying).toBe(false);
    expect(store.getSnapshot().isOpen).toBe(false);
  });

  it('re-signs once when the stream fails (expired URL), back where it was and still playing', async () => {
    store.playTrack(list[0]!, list);
    await flush();
    audio.currentTime = 42;
    Object.defineProperty(audio, 'error', { get: () => ({ code: 4 }), configurable: true });
    audio.dispatchEvent(new Event('error'));
    await flush();
    expect(sign).toHaveBeenCalledTimes(2);
    expect(audio.src).toContain('token=2');
    audio.dispatchEvent(new Event('loadedmetadata'));
    expect(audio.currentTime).toBe(42);
    expect(store.getSnapshot()).toMatchObject({ isPlaying: true, error: null });
  });

  it('a second failure is logged as a warning (no title), states reset, a short message shown', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    store.playTrack(list[0]!, list);
    await flush();
    Object.defineProperty(audio, 'error', { get: () => ({ code: 2 }), configurable: true });
    audio.dispatchEvent(new Event('error'));
    await flush();
    audio.dispatchEvent(new Event('error'));
    expect(store.getSnapshot()).toMatchObject({ isPlaying: false, isLoading: false });
    expect(store.getSnapshot().error).toMatch(/Could not play/);
    expect(warn).toHaveBeenCalled();
    expect(JSON.stringify(warn.mock.calls)).not.toContain('Secret');
    warn.mockRestore();
  });

  it('a signing failure (not the owner) resets the states with the message', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    sign.mockRejectedValueOnce(new Error('Object not found'));
    store.playTrack(list[0]!, list);
    await flush();
    expect(store.getSnapshot()).toMatchObject({ isPlaying: false, isLoading: false });
    expect(store.getSnapshot().error).not.toBeNull();
    warn.mockRestore();
  });

  it('speed and the sleep timer apply to the media; end of track stops instead of moving on', async () => {
    store.playTrack(list[0]!, list);
    await flush();
    store.setRate(1.5);
    expect(audio.playbackRate).toBe(1.5);
    store.setRate(7);
    expect(store.getSnapshot().rate).toBe(1);
    store.setSleepTimer('end-of-track');
    audio.currentTime = 85; // 5 s before the end: fading
    audio.dispatchEvent(new Event('timeupdate'));
    expect(audio.volume).toBeCloseTo(5 / 15);
    audio.dispatchEvent(new Event('ended'));
    expect(store.getSnapshot()).toMatchObject({ isPlaying: false, currentIndex: 0, sleep: null });
  });

  it('a minutes sleep timer fades out and pauses when it runs out', async () => {
    vi.useFakeTimers();
    try {
      store.playTrack(list[0]!, list);
      await vi.advanceTimersByTimeAsync(0);
      store.setSleepTimer(15);
      await vi.advanceTimersByTimeAsync(15 * 60_000 - 15_000);
      expect(audio.volume).toBeGreaterThan(0.4);
      expect(audio.volume).toBeLessThan(0.6);
      await vi.advanceTimersByTimeAsync(16_000);
      expect(store.getSnapshot()).toMatchObject({ isPlaying: false, sleep: null });
      expect(audio.volume).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a running sleep timer is extended by 10 minutes with one press, mid-fade too, and still fades out', async () => {
    vi.useFakeTimers();
    try {
      store.playTrack(list[0]!, list);
      await vi.advanceTimersByTimeAsync(0);
      store.setSleepTimer(15);
      await vi.advanceTimersByTimeAsync(15 * 60_000 - 15_000); // half way through the fade
      expect(audio.volume).toBeLessThan(0.6);
      store.extendSleepTimer();
      await vi.advanceTimersByTimeAsync(1000);
      expect(audio.volume).toBe(1); // full again: 10 minutes more
      expect(store.getSnapshot().sleep).toMatchObject({ kind: 'minutes', minutes: 25 });
      // It now ends 10 minutes after it would have (15 s from the press + 10 min): 10 s before, fading again.
      await vi.advanceTimersByTimeAsync(15_000 + 10 * 60_000 - 1000 - 10_000);
      expect(store.getSnapshot().isPlaying).toBe(true);
      expect(audio.volume).toBeCloseTo(10 / 30, 1);
      await vi.advanceTimersByTimeAsync(11_000);
      expect(store.getSnapshot()).toMatchObject({ isPlaying: false, sleep: null });
    } finally {
      vi.useRealTimers();
    }
  });

  it('an end-of-track timer, or none, is not extended', () => {
    store.playTrack(list[0]!, list);
    store.extendSleepTimer();
    expect(store.getSnapshot().sleep).toBeNull();
    store.setSleepTimer('end-of-track');
    store.extendSleepTimer();
    expect(store.getSnapshot().sleep).toEqual({ kind: 'end-of-track' });
  });
});

describe("this device's sleep and repeat choices", () => {
  beforeEach(() => {
    localStorage.clear();
    localStorage.setItem(SAFETY_KEY, 'acknowledged');
  });

  it('are remembered: the sleep timer is armed again on the next play, repeat is on in a new session', async () => {
    const first = createPlayerStore();
    first.playTrack(list[0]!, list);
    first.setSleepTimer(30);
    first.toggleRepeat();
    first.sleepElapsed();
    expect(first.getSnapshot().sleep).toBeNull();
    first.play(); // the next listen: the same timer again
    expect(first.getSnapshot().sleep).toMatchObject({ kind: 'minutes', minutes: 30 });

    const later = createPlayerStore(); // a reload, or another account on this device
    expect(later.getSnapshot().repeat).toBe(true);
    await later.setAccount('user-2');
    expect(later.getSnapshot().repeat).toBe(true);
    later.playTrack(list[1]!, list);
    expect(later.getSnapshot().sleep).toMatchObject({ kind: 'minutes', minutes: 30 });
    later.setSleepTimer(null); // off is remembered too
    later.pause();
    later.play();
    expect(later.getSnapshot().sleep).toBeNull();
  });

  it('an unreadable entry is the defaults', () => {
    localStorage.setItem('hypnotherapy-device-player-choices', '{"sleep":"forever","repeat":"yes"}');
    const store = createPlayerStore();
    store.playTrack(list[0]!, list);
    expect(store.getSnapshot()).toMatchObject({ sleep: null, repeat: false });
  });
});

describe('the one-time listening-safety notice', () => {
  beforeEach(() => localStorage.clear());

  it('asks before the first play, plays on acknowledgement and remembers it', () => {
    const store = createPlayerStore();
    store.playTrack(list[0]!, list);
    expect(store.getSnapshot()).toMatchObject({ safetyNoticeOpen: true, isPlaying: false, isOpen: false });
    store.acknowledgeSafety();
    expect(store.getSnapshot()).toMatchObject({ safetyNoticeOpen: false, isPlaying: true, isOpen: true });
    expect(localStorage.getItem(SAFETY_KEY)).toBe('acknowledged');
    const later = createPlayerStore();
    later.playTrack(list[1]!, list);
    expect(later.getSnapshot()).toMatchObject({ safetyNoticeOpen: false, isPlaying: true });
  });

  it('not now plays nothing', () => {
    const store = createPlayerStore();
    store.playTrack(list[0]!, list);
    store.dismissSafety();
    expect(store.getSnapshot()).toMatchObject({ safetyNoticeOpen: false, isPlaying: false, isOpen: false });
    expect(localStorage.getItem(SAFETY_KEY)).toBeNull();
  });
});

describe('per-account memory: playlist, settings and positions survive a reload', () => {
  beforeEach(() => {
    localStorage.clear();
    localStorage.setItem(SAFETY_KEY, 'acknowledged');
  });

  it('restores the playlist (paused) and resumes each track where it was left, keyed by a hash', async () => {
    const first = createPlayerStore();
    await first.setAccount('user-1');
    first.playTrack(list[1]!, list);
    first.setVolume(0.5);
    first.rememberPosition('p2', 42.7, 90);
    const key = await accountKey('user-1');
    expect(key).toMatch(/^hypnotherapy-player-[0-9a-f]{32}$/);
    expect(key).not.toContain('user-1');
    expect(Object.keys(localStorage).join(' ')).not.toMatch(/Secret|user-1/);
    expect(readSavedPlayer(key)?.positions).toEqual({ p2: 42 });

    const reloaded = createPlayerStore();
    await reloaded.setAccount('user-1');
    expect(reloaded.getSnapshot()).toMatchObject({
      currentIndex: 1,
      isOpen: true,
      isPlaying: false,
      volume: 0.5,
    });
    expect(reloaded.getSnapshot().playlist).toEqual(list);
    expect(reloaded.resumePosition('p2')).toBe(42);

    // Another account sees none of it; signing out clears the player (not the saved state).
    await reloaded.setAccount('user-2');
    expect(reloaded.getSnapshot()).toMatchObject({ playlist: [], isOpen: false });
    await reloaded.setAccount(null);
    expect(readSavedPlayer(key)?.playlist).toHaveLength(3);
  });

  it('a finished track starts from the beginning next time', async () => {
    const store = createPlayerStore();
    await store.setAccount('user-1');
    store.rememberPosition('p1', 88, 90);
    expect(store.resumePosition('p1')).toBe(0);
  });

  it('ignores a corrupt saved state', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    localStorage.setItem(await accountKey('user-1'), '{not json');
    const store = createPlayerStore();
    await store.setAccount('user-1');
    expect(store.getSnapshot().playlist).toEqual([]);
    warn.mockRestore();
  });
});

describe('the audio engine refreshes its short-lived link', () => {
  const LIFETIME = 300;
  let store: PlayerStore;
  let first: HTMLAudioElement;
  let created: HTMLAudioElement[];
  let sign: ReturnType<typeof vi.fn<(productId: string) => Promise<SignedAudioUrl>>>;
  let disconnect: () => void;
  const settle = () => vi.advanceTimersByTimeAsync(0);

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    localStorage.clear();
    localStorage.setItem(SAFETY_KEY, 'acknowledged');
    store = createPlayerStore({ random: () => 0 });
    first = fakeAudio();
    created = [];
    vi.stubGlobal('Audio', function FakeAudio() {
      const element = fakeAudio();
      created.push(element);
      return element;
    });
    let n = 0;
    sign = vi.fn((productId: string) =>
      Promise.resolve({
        url: `https://stack.test/sign/full/${productId}.mp3?token=${++n}`,
        expiresAt: Math.floor(Date.now() / 1000) + LIFETIME,
      }),
    );
    disconnect = connectAudio(first, store, sign, { artist: 'Practice' });
  });
  afterEach(() => {
    disconnect();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('asks a minute before expiry (a quarter of a short lifetime), never sooner than a second', () => {
    expect(refreshDelayMs(1000 + 300, 1000 * 1000)).toBe(240_000);
    expect(refreshDelayMs(1000 + 20, 1000 * 1000)).toBe(15_000);
    expect(refreshDelayMs(1000, 1000 * 1000)).toBe(1000);
  });

  it('while playing, a second element takes over at the same position and the old one is released', async () => {
    store.playTrack(list[0]!, list);
    await settle();
    expect(first.src).toContain('token=1');
    first.currentTime = 200;
    await vi.advanceTimersByTimeAsync(239_000);
    expect(sign).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(sign).toHaveBeenCalledTimes(2);
    const next = created[0]!;
    expect(next.src).toContain('token=2');
    next.dispatchEvent(new Event('loadedmetadata'));
    await settle();
    expect(next.currentTime).toBe(200);
    first.currentTime = 200.4; // still playing while the new element seeks
    next.dispatchEvent(new Event('seeked'));
    await settle();
    expect(next.currentTime).toBe(200.4);
    expect(next.play).toHaveBeenCalled();
    expect(first.getAttribute('src')).toBeNull();
    await settle();
    expect(store.getSnapshot()).toMatchObject({ isPlaying: true, error: null });
    // The new element is the one the store follows now, and it is refreshed in turn.
    next.currentTime = 210;
    next.dispatchEvent(new Event('timeupdate'));
    expect(store.getProgress().currentTime).toBe(210);
    first.currentTime = 5;
    first.dispatchEvent(new Event('timeupdate'));
    expect(store.getProgress().currentTime).toBe(210);
    await vi.advanceTimersByTimeAsync(240_000);
    expect(sign).toHaveBeenCalledTimes(3);
  });

  it('while paused nothing is fetched; the next play asks for a new link and resumes there', async () => {
    store.playTrack(list[0]!, list);
    await settle();
    first.currentTime = 50;
    store.pause();
    await vi.advanceTimersByTimeAsync(600_000);
    expect(sign).toHaveBeenCalledTimes(1);
    store.play();
    await settle();
    expect(sign).toHaveBeenCalledTimes(2);
    expect(first.src).toContain('token=2');
    first.dispatchEvent(new Event('loadedmetadata'));
    expect(first.currentTime).toBe(50);
    expect(store.getSnapshot().isPlaying).toBe(true);
  });

  it('a refresh that is refused (refunded) keeps playing what is buffered, without a new element', async () => {
    store.playTrack(list[0]!, list);
    await settle();
    sign.mockRejectedValueOnce(new Error('not available'));
    await vi.advanceTimersByTimeAsync(240_000);
    expect(sign).toHaveBeenCalledTimes(2);
    expect(created).toHaveLength(0);
    expect(store.getSnapshot()).toMatchObject({ isPlaying: true, error: null });
  });
});
