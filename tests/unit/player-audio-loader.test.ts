// What the engine's element holds (src/features/player/audio-loader.ts): a track's signed link loaded from where
// this device left it, an answer for an older load dropped, a primed element adopted, an expired link signed
// again once, and a renewed link used in place while paused or handed over while playing.
import { beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { createAudioLoader, type AudioLoaderHost } from '@/features/player/audio-loader';
import { initialPlayerState } from '@/features/player/player-initial-state';
import type { PlayerState, Track } from '@/features/player/player-types';
import type { SignedAudioUrl } from '@/lib/audio-storage';
import { fakeMedia, type FakeMedia } from './fake-media';

const track = (n: number): Track => ({ id: `t${n}`, title: `T${n}`, category: 'Sleep', productId: `p${n}` });
const stateWith = (n: number, isPlaying = true): PlayerState => ({
  ...initialPlayerState,
  playlist: [track(1), track(2)],
  currentIndex: n - 1,
  isPlaying,
});
const link = (productId: string, n: number): SignedAudioUrl => ({
  url: `https://stack.test/${productId}.mp3?token=${n}`,
  expiresAt: 2_000_000_000,
});
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the audio loader', () => {
  let media: FakeMedia;
  let state: PlayerState;
  let positions: Record<string, number>;
  let signed: number;
  let sign: ReturnType<typeof vi.fn<(productId: string) => Promise<SignedAudioUrl>>>;
  let host: AudioLoaderHost;
  let mocks: {
    applySettings: Mock<() => void>;
    startPlaying: Mock<() => void>;
    fail: Mock<(error: unknown) => void>;
    linkInUse: Mock<(link: SignedAudioUrl, token: number) => void>;
    linkDropped: Mock<() => void>;
    startsAt: Mock<(seconds: number) => void>;
    handOver: Mock<(url: string, token: number) => Promise<void>>;
  };
  let loader: ReturnType<typeof createAudioLoader>;

  beforeEach(() => {
    media = fakeMedia();
    state = stateWith(1);
    positions = { p1: 42 };
    signed = 0;
    sign = vi.fn((productId: string) => Promise.resolve(link(productId, ++signed)));
    mocks = {
      applySettings: vi.fn(),
      startPlaying: vi.fn(),
      fail: vi.fn(),
      linkInUse: vi.fn(),
      linkDropped: vi.fn(),
      startsAt: vi.fn(),
      handOver: vi.fn(() => Promise.resolve()),
    };
    host = {
      store: { getSnapshot: () => state, resumePosition: (id) => positions[id] ?? 0 },
      sign,
      media: () => media,
      ...mocks,
    };
    loader = createAudioLoader(host);
  });

  it("loads the track's signed link from where this device left it, then plays", async () => {
    const loading = loader.load(state);
    expect(loader.ready()).toBe(false);
    expect(mocks.linkDropped).toHaveBeenCalled();
    expect(mocks.startsAt).toHaveBeenCalledWith(42);
    await loading;
    expect(media.src).toBe('https://stack.test/p1.mp3?token=1');
    expect(loader.ready()).toBe(true);
    expect(loader.loadedProduct()).toBe('p1');
    expect(mocks.applySettings).toHaveBeenCalled();
    expect(mocks.linkInUse).toHaveBeenCalledWith(link('p1', 1), 1);
    expect(mocks.startPlaying).toHaveBeenCalledTimes(1);
    expect(loader.takeResumeAt()).toBe(42);
    expect(loader.takeResumeAt()).toBeNull(); // once
  });

  it('paused: loaded, not started; a kept position wins over the saved one', async () => {
    state = stateWith(1, false);
    await loader.load(state, { keepPosition: 7 });
    expect(mocks.startPlaying).not.toHaveBeenCalled();
    expect(loader.takeResumeAt()).toBe(7);
  });

  it('an answer for an older load is dropped: the later track is the one loaded', async () => {
    const first = loader.load(stateWith(1));
    state = stateWith(2);
    const second = loader.load(state);
    await Promise.all([first, second]);
    expect(media.src).toBe('https://stack.test/p2.mp3?token=2');
    expect(loader.loadedProduct()).toBe('p2');
    expect(mocks.linkInUse).toHaveBeenCalledTimes(1);
  });

  it('a refused link fails the load (once); nothing is ready or loaded', async () => {
    sign.mockRejectedValueOnce(new Error('not the owner'));
    await loader.load(state);
    expect(mocks.fail).toHaveBeenCalledTimes(1);
    expect(loader.ready()).toBe(false);
    expect(loader.loadedProduct()).toBeNull();
  });

  it('no track: the element is emptied', async () => {
    media.src = 'https://stack.test/old.mp3';
    await loader.load({ ...initialPlayerState });
    expect(media.getAttribute('src')).toBeNull();
    expect(sign).not.toHaveBeenCalled();
  });

  it("adopts what a press started for the same track, with the press's link; not another track's", () => {
    expect(loader.adopt(stateWith(2), { productId: 'p1', link: link('p1', 9) })).toBe(false);
    expect(loader.ready()).toBe(false);
    expect(loader.adopt(state, { productId: 'p1', link: link('p1', 9) })).toBe(true);
    expect(loader.ready()).toBe(true);
    expect(loader.loadedProduct()).toBe('p1');
    expect(mocks.linkInUse).toHaveBeenCalledWith(link('p1', 9), 1);
    expect(mocks.startsAt).toHaveBeenCalledWith(42);
    expect(sign).not.toHaveBeenCalled();
  });

  it('does not adopt an element that already failed', () => {
    media.report({ errorCode: 4 });
    expect(loader.adopt(state, { productId: 'p1', link: link('p1', 9) })).toBe(false);
  });

  it('an expired link (network or source error) is signed again once, back where it was; a second error fails', async () => {
    await loader.load(state);
    media.currentTime = 120;
    media.report({ errorCode: 2 });
    loader.recover(100);
    await settle();
    expect(media.src).toBe('https://stack.test/p1.mp3?token=2');
    expect(loader.takeResumeAt()).toBe(120);
    expect(mocks.startPlaying).toHaveBeenCalledTimes(2);
    loader.recover(100);
    expect(mocks.fail).toHaveBeenCalledTimes(1);
    expect(String(mocks.fail.mock.calls[0]![0])).toContain('MediaError 2');
  });

  it('an error at the very start resumes from the last saved position; other errors fail at once', async () => {
    await loader.load(state);
    media.report({ errorCode: 4 });
    loader.recover(42);
    await settle();
    expect(loader.takeResumeAt()).toBe(42);
    const other = createAudioLoader(host);
    await other.load(state);
    media.report({ errorCode: 3 }); // a decoding error: signing again would not help
    other.recover(0);
    expect(mocks.fail).toHaveBeenCalledTimes(1);
  });

  it('an error before anything is loaded is not ours to handle', () => {
    media.report({ errorCode: 2 });
    loader.recover(0);
    expect(mocks.fail).not.toHaveBeenCalled();
    expect(sign).not.toHaveBeenCalled();
  });

  it('a renewed link while paused replaces the stale one in place, from where it was; while playing it is handed over', async () => {
    state = stateWith(1, false);
    await loader.load(state);
    media.currentTime = 80;
    loader.markStale();
    expect(loader.isStale()).toBe(true);
    await loader.renewed('https://stack.test/p1.mp3?token=5', 1);
    expect(loader.isStale()).toBe(false);
    expect(media.src).toBe('https://stack.test/p1.mp3?token=5');
    expect(loader.takeResumeAt()).toBe(80);
    expect(mocks.handOver).not.toHaveBeenCalled();
    await media.play();
    await loader.renewed('https://stack.test/p1.mp3?token=6', 1);
    expect(mocks.handOver).toHaveBeenCalledWith('https://stack.test/p1.mp3?token=6', 1);
  });

  it("names the product of the load in use only while it is ready and still the store's track", async () => {
    await loader.load(state);
    expect(loader.productOf(1)).toBe('p1');
    expect(loader.productOf(0)).toBeNull();
    state = stateWith(2);
    expect(loader.productOf(1)).toBeNull();
    state = stateWith(1);
    loader.failed();
    expect(loader.productOf(1)).toBeNull();
    loader.invalidate();
    expect(loader.isCurrent(1)).toBe(false);
  });

  it('a seek before the element can take one waits for the metadata', () => {
    loader.seekOnLoad(33);
    expect(loader.takeResumeAt()).toBe(33);
  });
});
