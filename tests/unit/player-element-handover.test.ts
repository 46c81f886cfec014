// The element hand-over of the player's engine (src/features/player/element-handover.ts): a second element loads
// the renewed link at the position of the one playing, seeks, buffers, catches up, and is handed back; any
// failure (an error, a timeout, the listener moved on) releases it and hands back nothing.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HANDOVER_TIMEOUT_MS, prepareHandover, release } from '@/features/player/element-handover';
import { fakeMedia, type FakeMedia } from './fake-media';

const URL_2 = 'https://stack.test/p1.mp3?token=2';

describe('the element hand-over', () => {
  let current: FakeMedia;
  let next: FakeMedia;
  const create = () => next;
  const settle = () => vi.advanceTimersByTimeAsync(0);

  beforeEach(() => {
    vi.useFakeTimers();
    current = fakeMedia();
    current.currentTime = 200;
    next = fakeMedia();
  });
  afterEach(() => vi.useRealTimers());

  it('loads the new link, seeks to where the old one is, catches up after buffering and hands it back', async () => {
    const result = prepareHandover(current, URL_2, () => true, create);
    expect(next.src).toBe(URL_2);
    expect(next.preload).toBe('auto');
    next.dispatchEvent(new Event('loadedmetadata'));
    await settle();
    expect(next.currentTime).toBe(200);
    current.currentTime = 200.6; // the old element plays on meanwhile
    next.report({ readyState: 2 }); // not enough buffered yet: waits for canplay
    next.dispatchEvent(new Event('seeked'));
    await settle();
    expect(next.currentTime).toBe(200);
    current.currentTime = 201;
    next.dispatchEvent(new Event('canplay'));
    await expect(result).resolves.toBe(next);
    expect(next.currentTime).toBe(201);
    expect(next.getAttribute('src')).toBe(URL_2);
  });

  it('already buffered after the seek: no wait for canplay', async () => {
    const result = prepareHandover(current, URL_2, () => true, create);
    next.dispatchEvent(new Event('loadedmetadata'));
    await settle();
    next.report({ readyState: 4 });
    next.dispatchEvent(new Event('seeked'));
    await expect(result).resolves.toBe(next);
  });

  it('an error while loading releases the new element and hands back nothing', async () => {
    const pause = vi.spyOn(next, 'pause');
    const result = prepareHandover(current, URL_2, () => true, create);
    next.dispatchEvent(new Event('error'));
    await expect(result).resolves.toBeNull();
    expect(pause).toHaveBeenCalled();
    expect(next.getAttribute('src')).toBeNull();
  });

  it('a link that never loads is given up after the timeout', async () => {
    const result = prepareHandover(current, URL_2, () => true, create);
    await vi.advanceTimersByTimeAsync(HANDOVER_TIMEOUT_MS - 1);
    expect(next.getAttribute('src')).toBe(URL_2);
    await vi.advanceTimersByTimeAsync(1);
    await expect(result).resolves.toBeNull();
    expect(next.getAttribute('src')).toBeNull();
  });

  it('a seek that never completes is given up after the timeout', async () => {
    const result = prepareHandover(current, URL_2, () => true, create);
    next.dispatchEvent(new Event('loadedmetadata'));
    await vi.advanceTimersByTimeAsync(HANDOVER_TIMEOUT_MS);
    await expect(result).resolves.toBeNull();
  });

  it('the listener moved on (paused, another track) before or after buffering: nothing is handed back', async () => {
    let wanted = false;
    const early = prepareHandover(current, URL_2, () => wanted, create);
    next.dispatchEvent(new Event('loadedmetadata'));
    await expect(early).resolves.toBeNull();
    expect(next.getAttribute('src')).toBeNull();

    next = fakeMedia();
    wanted = true;
    const late = prepareHandover(current, URL_2, () => wanted, create);
    next.dispatchEvent(new Event('loadedmetadata'));
    await settle();
    wanted = false;
    next.report({ readyState: 4 });
    next.dispatchEvent(new Event('seeked'));
    await expect(late).resolves.toBeNull();
    expect(next.getAttribute('src')).toBeNull();
  });

  it('release stops playback and the download for good', () => {
    const element = fakeMedia();
    element.src = URL_2;
    const load = vi.spyOn(element, 'load');
    void element.play();
    release(element);
    expect(element.paused).toBe(true);
    expect(element.getAttribute('src')).toBeNull();
    expect(load).toHaveBeenCalled();
  });
});
