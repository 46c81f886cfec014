import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { offlineAudioUrl } from '@/lib/offline/offline-worker-config';
import { playSavedCopyFirst } from '@/lib/offline/play-saved-first';
import { readSavedAudio, savedAudioOf } from '@/lib/offline/saved-audio-index';
import { keepOnlyOwned, removeSavedAudio, saveAudioForOffline } from '@/lib/offline/saved-audio-store';
import {
  OFFLINE_AUDIO_CACHE,
  SAVED_AUDIO_KEY,
  SAVED_FOR_HEADER,
  SIGNED_IN_ACCOUNT_CACHE,
  SIGNED_IN_ACCOUNT_PATH,
} from '@/lib/account-device-names';
import { AUTH_STORAGE_KEY } from '@/lib/supabase';

vi.mock('@/lib/audio-storage', () => ({ signOwnedAudioUrl: vi.fn() }));

/** Cache Storage as the browser keeps it, in memory: responses by URL path. */
class MemoryCache {
  readonly entries = new Map<string, Response>();
  private path(request: RequestInfo | URL) {
    const url = typeof request === 'string' ? request : request instanceof URL ? request.href : request.url;
    return new URL(url, 'http://localhost').pathname;
  }
  async put(request: RequestInfo | URL, response: Response) {
    // Stored as the browser would: the whole body read.
    const body = await response.arrayBuffer();
    this.entries.set(
      this.path(request),
      new Response(body, { status: response.status, headers: response.headers }),
    );
  }
  async match(request: RequestInfo | URL) {
    return this.entries.get(this.path(request))?.clone();
  }
  async delete(request: RequestInfo | URL) {
    return this.entries.delete(this.path(request));
  }
  async keys() {
    return [...this.entries.keys()].map((path) => new Request(`http://localhost${path}`));
  }
}

const stores = new Map<string, MemoryCache>();
const memoryCaches = {
  open: async (name: string) => {
    if (!stores.has(name)) stores.set(name, new MemoryCache());
    return stores.get(name)!;
  },
};
const audioCache = () => memoryCaches.open(OFFLINE_AUDIO_CACHE);

const CUSTOMER = 'user-1';
const sleep = {
  productId: 'prod-sleep',
  trackId: 'purchase-1',
  title: 'Sleep Deeply Tonight',
  category: 'Sleep',
};
const calm = { productId: 'prod-calm', trackId: 'purchase-2', title: 'Calm Mind', category: 'Anxiety' };
const mp3 = new Uint8Array([0x49, 0x44, 0x33, 1, 2, 3, 4, 5, 6, 7]);

const signer = vi.fn(async (productId: string) => ({
  url: `https://stack.test/storage/v1/object/sign/audio/full/${productId}.mp3?token=short-lived`,
  expiresAt: 1_900_000_000,
}));

/** The session supabase-js stores for `userId` (the save checks it is still the one signed in). */
const signIn = (userId: string) =>
  localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify({ user: { id: userId, email: 'c@example.com' } }));

beforeEach(() => {
  stores.clear();
  localStorage.clear();
  signIn(CUSTOMER);
  signer.mockClear();
  vi.stubGlobal('caches', memoryCaches);
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(mp3, {
          headers: { 'content-type': 'audio/mpeg', 'content-length': '10', vary: 'Origin' },
        }),
    ),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('saving for offline', () => {
  it('stores the audio under the stable per-product key, never the signed link, and lists it for its account', async () => {
    const saved = await saveAudioForOffline(sleep, CUSTOMER, signer, () => 1_000);
    expect(signer).toHaveBeenCalledWith('prod-sleep');
    const cache = await audioCache();
    expect([...cache.entries.keys()]).toEqual(['/offline-audio/prod-sleep']);
    const stored = await cache.match(offlineAudioUrl('prod-sleep'));
    expect(new Uint8Array(await stored!.arrayBuffer())).toEqual(mp3);
    // Only what the player needs: no Vary that could make a range request miss.
    expect(stored!.headers.get('content-type')).toBe('audio/mpeg');
    expect(stored!.headers.get('vary')).toBeNull();
    expect(saved).toEqual({ ...sleep, bytes: 10, savedAt: 1_000, userId: CUSTOMER });
    expect(savedAudioOf(CUSTOMER)).toEqual([saved]);
    expect(savedAudioOf('someone-else')).toEqual([]);
    expect(localStorage.getItem(SAVED_AUDIO_KEY)).not.toContain('token');
  });

  it('fails without listing anything when the file cannot be fetched', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('gone', { status: 404 })),
    );
    await expect(saveAudioForOffline(sleep, CUSTOMER, signer)).rejects.toThrow('HTTP 404');
    expect(readSavedAudio()).toEqual([]);
    expect((await audioCache()).entries.size).toBe(0);
  });

  it('marks the copy with the account that saved it and tells the offline worker who is signed in', async () => {
    await saveAudioForOffline(sleep, CUSTOMER, signer);
    const stored = await (await audioCache()).match(offlineAudioUrl('prod-sleep'));
    expect(stored!.headers.get(SAVED_FOR_HEADER)).toBe(CUSTOMER);
    const note = await (await memoryCaches.open(SIGNED_IN_ACCOUNT_CACHE)).match(SIGNED_IN_ACCOUNT_PATH);
    expect(await note!.text()).toBe(CUSTOMER);
  });

  it('keeps nothing of a save that finishes after the account signed out', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        localStorage.removeItem(AUTH_STORAGE_KEY); // signed out while the file was on its way
        return new Response(mp3, { headers: { 'content-type': 'audio/mpeg', 'content-length': '10' } });
      }),
    );
    await expect(saveAudioForOffline(sleep, CUSTOMER, signer)).rejects.toThrow('signed out');
    expect(readSavedAudio()).toEqual([]);
    expect((await audioCache()).entries.size).toBe(0);
    expect(
      await (await memoryCaches.open(SIGNED_IN_ACCOUNT_CACHE)).match(SIGNED_IN_ACCOUNT_PATH),
    ).toBeUndefined();
  });

  it('removes a copy and its entry', async () => {
    await saveAudioForOffline(sleep, CUSTOMER, signer);
    await saveAudioForOffline(calm, CUSTOMER, signer);
    await removeSavedAudio(['prod-sleep']);
    expect(savedAudioOf(CUSTOMER).map((a) => a.productId)).toEqual(['prod-calm']);
    expect([...(await audioCache()).entries.keys()]).toEqual(['/offline-audio/prod-calm']);
  });
});

describe('keeping only what is owned', () => {
  it("removes copies of refunded products, other accounts' copies and unlisted files; keeps the rest", async () => {
    await saveAudioForOffline(sleep, CUSTOMER, signer);
    signIn('user-2');
    await saveAudioForOffline(calm, 'user-2', signer);
    signIn(CUSTOMER);
    await saveAudioForOffline({ ...sleep, productId: 'prod-kept', trackId: 'p3' }, CUSTOMER, signer);
    await (await audioCache()).put('/offline-audio/stray', new Response('x'));

    const removed = await keepOnlyOwned(CUSTOMER, new Set(['prod-kept', 'prod-calm']));

    expect(removed.sort()).toEqual(['prod-calm', 'prod-sleep']);
    expect(readSavedAudio().map((a) => a.productId)).toEqual(['prod-kept']);
    expect([...(await audioCache()).entries.keys()]).toEqual(['/offline-audio/prod-kept']);
  });
});

describe('the player plays a saved copy first', () => {
  it('gives the stable same-origin URL for a stored copy on a controlled page, valid for a day', async () => {
    await saveAudioForOffline(sleep, CUSTOMER, signer);
    signer.mockClear();
    const sign = playSavedCopyFirst(
      signer,
      () => true,
      () => 2_000_000,
    );
    expect(await sign('prod-sleep')).toEqual({ url: '/offline-audio/prod-sleep', expiresAt: 2_000 + 86_400 });
    expect(signer).not.toHaveBeenCalled();
  });

  it('asks for a link when nothing is saved', async () => {
    await saveAudioForOffline(sleep, CUSTOMER, signer);
    signer.mockClear();
    expect((await playSavedCopyFirst(signer, () => true)('prod-calm')).url).toContain('token=short-lived');
    expect((await playSavedCopyFirst(signer, () => false)('prod-calm')).url).toContain('token=short-lived');
    expect(signer).toHaveBeenCalledTimes(2);
  });

  it('on a page the worker does not control, plays the stored copy through an object URL, reused', async () => {
    await saveAudioForOffline(sleep, CUSTOMER, signer);
    signer.mockClear();
    const created: Blob[] = [];
    const createObjectURL = vi.fn((blob: Blob) => `blob:copy-${created.push(blob)}`);
    vi.stubGlobal(
      'URL',
      class extends URL {
        static override createObjectURL = createObjectURL;
        static override revokeObjectURL = vi.fn();
      },
    );
    const sign = playSavedCopyFirst(signer, () => false);
    const first = await sign('prod-sleep');
    expect(first.url).toBe('blob:copy-1');
    expect(new Uint8Array(await created[0]!.arrayBuffer())).toEqual(mp3);
    expect((await sign('prod-sleep')).url).toBe('blob:copy-1');
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    expect(signer).not.toHaveBeenCalled();
  });

  it('forgets an entry whose file the browser evicted, and streams instead', async () => {
    await saveAudioForOffline(sleep, CUSTOMER, signer);
    (await audioCache()).entries.clear();
    expect((await playSavedCopyFirst(signer, () => true)('prod-sleep')).url).toContain('token=short-lived');
    expect(readSavedAudio()).toEqual([]);
  });
});
