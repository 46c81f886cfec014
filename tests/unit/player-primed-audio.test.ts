// The first press starts the media itself (src/features/player/primed-audio.ts, docs/audio-links.md "Minted
// ahead"): with its link minted ahead, play() is called in the press's handler, before the bar's code has
// loaded; the engine adopts that element when it connects, without minting again. No link waiting, the
// safety notice, a kept copy or a connected engine: nothing is started there.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { connectAudio } from '@/features/player/audio-engine';
import { SAFETY_KEY } from '@/features/player/player-storage';
import { createPlayerStore, type PlayerStore } from '@/features/player/player-store';
import { adoptPrimedAudio, startPrimedPlay } from '@/features/player/primed-audio';
import type { Track } from '@/features/player/player-types';
import { addSavedAudio } from '@/lib/offline/saved-audio-index';
import type { SignedAudioUrl } from '@/lib/audio-storage';

const minted = vi.hoisted(() => new Map<string, { url: string; expiresAt: number }>());
vi.mock('@/lib/audio-storage', () => ({
  takeMintedOwnedAudioUrl: (account: string, productId: string) => {
    const key = `${account}/${productId}`;
    const link = minted.get(key) ?? null;
    minted.delete(key);
    return link;
  },
}));

const track = (n: number): Track => ({
  id: `t${n}`,
  title: `Title ${n}`,
  category: 'Sleep',
  productId: `p${n}`,
});
const list = [track(1), track(2)];

type FakeAudio = HTMLAudioElement & { play: ReturnType<typeof vi.fn>; pause: ReturnType<typeof vi.fn> };

/** An <audio> whose play/pause work without media (jsdom has no playback); 'playing' follows play(). */
function fakeAudio(): FakeAudio {
  const audio = document.createElement('audio');
  let time = 0;
  Object.defineProperty(audio, 'currentTime', {
    get: () => time,
    set: (value: number) => {
      time = value;
    },
  });
  Object.defineProperty(audio, 'duration', { get: () => 600 });
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
  return audio as FakeAudio;
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const expiresAt = () => Math.floor(Date.now() / 1000) + 300;

describe('the first press starts the media in its own handler', () => {
  let store: PlayerStore;
  let created: FakeAudio[];
  let disconnect: (() => void) | null;
  const sign = vi.fn((productId: string): Promise<SignedAudioUrl> =>
    Promise.resolve({ url: `https://stack.test/sign/${productId}?token=signed`, expiresAt: expiresAt() }),
  );

  beforeEach(async () => {
    localStorage.clear();
    localStorage.setItem(SAFETY_KEY, 'acknowledged');
    minted.clear();
    sign.mockClear();
    created = [];
    disconnect = null;
    vi.stubGlobal('Audio', function FakeAudioConstructor() {
      const audio = fakeAudio();
      created.push(audio);
      return audio;
    });
    store = createPlayerStore({ random: () => 0 });
    await store.setAccount('user-1');
  });
  afterEach(() => {
    disconnect?.();
    adoptPrimedAudio();
    vi.unstubAllGlobals();
  });

  /** What the bar does when it mounts (src/features/player/player-bar.tsx). */
  function connectBar() {
    const primed = adoptPrimedAudio();
    const audio = primed?.element ?? fakeAudio();
    disconnect = connectAudio(audio, store, sign, {
      artist: 'Practice',
      ...(primed ? { primed: { productId: primed.productId, link: primed.link } } : {}),
    });
    return audio;
  }

  it('plays the link minted ahead at once; the engine adopts the element and mints nothing', async () => {
    minted.set('user-1/p2', { url: 'https://stack.test/sign/p2?token=ahead', expiresAt: expiresAt() });
    store.playTrack(list[1]!, list);
    expect(startPrimedPlay(store)).toBe(true);
    // Started synchronously, in the press.
    expect(created).toHaveLength(1);
    expect(created[0]!.src).toBe('https://stack.test/sign/p2?token=ahead');
    expect(created[0]!.play).toHaveBeenCalledTimes(1);

    await flush(); // 'playing' before the bar connects
    const audio = connectBar();
    expect(audio).toBe(created[0]);
    await flush();
    expect(sign).not.toHaveBeenCalled();
    expect(audio.src).toBe('https://stack.test/sign/p2?token=ahead');
    expect(store.getSnapshot()).toMatchObject({ isPlaying: true, isLoading: false });
    expect(store.getProgress().duration).toBe(600);

    // From then on the engine drives it as any other element.
    store.pause();
    expect(audio.pause).toHaveBeenCalled();
  });

  it('starts where the track was left once the metadata is known', async () => {
    store.rememberPosition('p1', 125, 600);
    minted.set('user-1/p1', { url: 'https://stack.test/sign/p1?token=ahead', expiresAt: expiresAt() });
    store.playTrack(list[0]!, list);
    expect(startPrimedPlay(store)).toBe(true);
    const audio = created[0]!;
    audio.dispatchEvent(new Event('loadedmetadata'));
    expect(audio.currentTime).toBe(125);
  });

  it('nothing minted yet, the safety notice first, or a copy kept on the device: nothing starts', async () => {
    store.playTrack(list[0]!, list);
    expect(startPrimedPlay(store)).toBe(false);
    expect(created).toHaveLength(0);
    // The engine then loads as before: it mints.
    connectBar();
    await flush();
    expect(sign).toHaveBeenCalledWith('p1');
    disconnect?.();
    disconnect = null;

    const fresh = createPlayerStore({ random: () => 0 });
    await fresh.setAccount('user-1');
    localStorage.removeItem(SAFETY_KEY);
    minted.set('user-1/p2', { url: 'https://stack.test/sign/p2?token=ahead', expiresAt: expiresAt() });
    fresh.playTrack(list[1]!, list);
    expect(fresh.getSnapshot().safetyNoticeOpen).toBe(true);
    expect(startPrimedPlay(fresh)).toBe(false);

    localStorage.setItem(SAFETY_KEY, 'acknowledged');
    addSavedAudio({
      productId: 'p2',
      trackId: 't2',
      title: 'Title 2',
      category: 'Sleep',
      bytes: 1,
      savedAt: 0,
      userId: 'user-1',
    });
    fresh.acknowledgeSafety();
    expect(fresh.getSnapshot().isPlaying).toBe(true);
    expect(startPrimedPlay(fresh)).toBe(false);
    expect(created).toHaveLength(0);
  });

  it('with the engine connected the press leaves the media to it', async () => {
    connectBar();
    minted.set('user-1/p1', { url: 'https://stack.test/sign/p1?token=ahead', expiresAt: expiresAt() });
    store.playTrack(list[0]!, list);
    expect(startPrimedPlay(store)).toBe(false);
    expect(created).toHaveLength(0);
  });

  it('another track or a pause before the bar connects stops what the press started', () => {
    minted.set('user-1/p1', { url: 'https://stack.test/sign/p1?token=ahead', expiresAt: expiresAt() });
    store.playTrack(list[0]!, list);
    startPrimedPlay(store);
    const first = created[0]!;
    store.next();
    expect(first.pause).toHaveBeenCalled();
    expect(first.getAttribute('src')).toBeNull();
    expect(adoptPrimedAudio()).toBeNull();

    minted.set('user-1/p1', { url: 'https://stack.test/sign/p1?token=again', expiresAt: expiresAt() });
    store.playTrack(list[0]!, list);
    startPrimedPlay(store);
    store.pause();
    expect(created[1]!.pause).toHaveBeenCalled();
    expect(adoptPrimedAudio()).toBeNull();
  });
});
