// Links minted ahead of the press (src/lib/audio-link-cache.ts, docs/audio-links.md "Minted ahead"): a waiting
// link is handed out once, only to its account, only with half its lifetime left; a link still shown is minted
// again at half-life; a refused mint leaves nothing waiting.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAudioLinkCache, type MintedLink } from '@/lib/audio-link-cache';

const LIFETIME_S = 300;

function minter() {
  const minted: string[] = [];
  let refuse = false;
  const mint = vi.fn(async (productId: string): Promise<MintedLink> => {
    if (refuse) throw new Error('not owned');
    minted.push(productId);
    return {
      url: `https://stack.test/sign/${productId}?token=${minted.length}`,
      expiresAt: Date.now() / 1000 + LIFETIME_S,
    };
  });
  return { mint, minted, refuseNext: () => (refuse = true) };
}

describe('audio link cache', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-25T21:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('a link minted ahead is handed out once; the next take mints a new one', async () => {
    const { mint } = minter();
    const cache = createAudioLinkCache(mint);
    cache.prefetch('a', 'p1');
    cache.prefetch('a', 'p1'); // already on its way: not minted twice
    await vi.advanceTimersByTimeAsync(0);
    expect(mint).toHaveBeenCalledTimes(1);
    const first = await cache.take('a', 'p1');
    expect(first.url).toContain('token=1');
    expect(mint).toHaveBeenCalledTimes(1);
    const second = await cache.take('a', 'p1');
    expect(second.url).toContain('token=2');
  });

  it('takeMinted hands out an arrived link at once, once, to its account only; nothing before it arrives', async () => {
    const { mint } = minter();
    const cache = createAudioLinkCache(mint);
    cache.prefetch('a', 'p1');
    expect(cache.takeMinted('a', 'p1')).toBeNull(); // on its way: nothing to hand out yet, nothing taken
    await vi.advanceTimersByTimeAsync(0);
    expect(cache.takeMinted('b', 'p1')).toBeNull();
    expect(cache.takeMinted('a', 'p1')?.url).toContain('token=1');
    expect(cache.takeMinted('a', 'p1')).toBeNull();
    expect((await cache.take('a', 'p1')).url).toContain('token=2');
    cache.prefetch('a', 'p2');
    await vi.advanceTimersByTimeAsync((LIFETIME_S / 2) * 1000 + 1000);
    // Re-minted at half-life only while kept fresh: this one was not, so nothing fresh waits.
    expect(cache.takeMinted('a', 'p2')).toBeNull();
  });

  it("never hands one account's link to another", async () => {
    const { mint } = minter();
    const cache = createAudioLinkCache(mint);
    cache.prefetch('a', 'p1');
    await vi.advanceTimersByTimeAsync(0);
    const forB = await cache.take('b', 'p1');
    expect(forB.url).toContain('token=2');
    expect((await cache.take('a', 'p1')).url).toContain('token=1');
  });

  it('a link past half its lifetime is not handed out', async () => {
    const { mint } = minter();
    const cache = createAudioLinkCache(mint);
    cache.prefetch('a', 'p1');
    await vi.advanceTimersByTimeAsync((LIFETIME_S / 2) * 1000 + 1000);
    expect((await cache.take('a', 'p1')).url).toContain('token=2');
  });

  it('links of shown audio are minted again at half-life while shown, and no more once hidden', async () => {
    const { mint } = minter();
    const cache = createAudioLinkCache(mint);
    const stop = cache.keepFresh('a', ['p1', 'p2']);
    await vi.advanceTimersByTimeAsync(0);
    expect(mint).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync((LIFETIME_S / 2) * 1000);
    expect(mint).toHaveBeenCalledTimes(4);
    const link = await cache.take('a', 'p1');
    expect(link.expiresAt * 1000 - Date.now()).toBeGreaterThan((LIFETIME_S / 2) * 1000);
    stop();
    await vi.advanceTimersByTimeAsync(LIFETIME_S * 1000);
    expect(mint).toHaveBeenCalledTimes(4);
  });

  it('a refused mint leaves nothing waiting: the press asks again and gets the refusal', async () => {
    const { mint, refuseNext } = minter();
    const cache = createAudioLinkCache(mint);
    refuseNext();
    cache.prefetch('a', 'p1');
    await vi.advanceTimersByTimeAsync(0);
    await expect(cache.take('a', 'p1')).rejects.toThrow('not owned');
    expect(mint).toHaveBeenCalledTimes(2);
  });
});
