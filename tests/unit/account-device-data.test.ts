import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { accountDataInStorage, followDeviceAccount } from '@/lib/account-device-data';
import {
  DEVICE_ACCOUNT_KEY,
  DEVICE_CLEARING_KEY,
  KNOWN_OWNED_AUDIO_KEY,
  OFFLINE_AUDIO_CACHE,
  SAVED_AUDIO_KEY,
  SIGNED_IN_ACCOUNT_CACHE,
} from '@/lib/account-device-names';
import { AUTH_STORAGE_KEY } from '@/lib/supabase';

// What an account leaves in this browser goes when it is no longer the one signed in (docs/security.md "Saved
// audio after sign-out"): signed out by the button or by the server, or another account signing in.

/** Cache Storage's names, as the browser keeps them (the entries do not matter here). */
const cacheNames = new Set<string>();
const memoryCaches = {
  has: async (name: string) => cacheNames.has(name),
  delete: async (name: string) => cacheNames.delete(name),
  open: async (name: string) => {
    cacheNames.add(name);
    return { put: async () => undefined };
  },
};

const ALICE = 'user-alice';
const BOB = 'user-bob';

/** The session supabase-js keeps in localStorage (null: signed out). */
function storeSession(userId: string | null) {
  if (userId === null) localStorage.removeItem(AUTH_STORAGE_KEY);
  else
    localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify({ user: { id: userId, email: 'a@example.com' } }));
}

/** Alice's things on this device: saved audio and its titles, her playlist, what waits to be sent. */
function aliceLeavesThings() {
  localStorage.setItem(DEVICE_ACCOUNT_KEY, ALICE);
  localStorage.setItem(
    SAVED_AUDIO_KEY,
    JSON.stringify([{ productId: 'p1', title: 'Panic at Night', userId: ALICE }]),
  );
  localStorage.setItem(KNOWN_OWNED_AUDIO_KEY, JSON.stringify({ [ALICE]: [{ title: 'Panic at Night' }] }));
  localStorage.setItem(
    'hypnotherapy-player-0123abcd',
    JSON.stringify({ playlist: [{ title: 'Panic at Night' }] }),
  );
  localStorage.setItem('hypnotherapy-positions-outbox-0123abcd', '[{"productId":"p1","seconds":40}]');
  localStorage.setItem('hypnotherapy-practice-outbox-0123abcd', '[{"productId":"p1","seconds":40}]');
  cacheNames.add(OFFLINE_AUDIO_CACHE);
  cacheNames.add(SIGNED_IN_ACCOUNT_CACHE);
}

/** Everything not of an account: the cookie choice, accessibility settings, the device's random id, the cart. */
function deviceThings() {
  localStorage.setItem('hypnotherapy-listening-safety', 'acknowledged');
  localStorage.setItem('hypnotherapy-device', '6f1c1f0e-0000-4000-8000-000000000000');
  localStorage.setItem('cart', '[]');
}

const storedText = () =>
  Object.keys(localStorage)
    .map((key) => `${key}=${localStorage.getItem(key) ?? ''}`)
    .join('\n');

beforeEach(() => {
  localStorage.clear();
  cacheNames.clear();
  vi.stubGlobal('caches', memoryCaches);
});
afterEach(() => vi.unstubAllGlobals());

describe('signing out', () => {
  it('removes the saved audio, the titles, the playlist and the outboxes; keeps what is not of an account', async () => {
    aliceLeavesThings();
    deviceThings();
    storeSession(null); // supabase-js removed the session (Sign Out, or the server refused its refresh)
    await followDeviceAccount(null);
    expect(storedText()).not.toContain('Panic at Night');
    expect(Object.keys(localStorage).sort()).toEqual([
      'cart',
      'hypnotherapy-device',
      'hypnotherapy-listening-safety',
    ]);
    expect([...cacheNames]).toEqual([]);
  });

  it("removes the worker's note before the copies, so it serves nothing while they are deleted", async () => {
    aliceLeavesThings();
    const order: string[] = [];
    vi.stubGlobal('caches', {
      ...memoryCaches,
      delete: async (name: string) => {
        order.push(name);
        return cacheNames.delete(name);
      },
    });
    await followDeviceAccount(null);
    expect(order).toEqual([SIGNED_IN_ACCOUNT_CACHE, OFFLINE_AUDIO_CACHE]);
  });

  it('keeps everything while the session is still stored (offline, its refresh could not be tried)', async () => {
    aliceLeavesThings();
    storeSession(ALICE);
    await followDeviceAccount(null);
    expect(localStorage.getItem(SAVED_AUDIO_KEY)).toContain('Panic at Night');
    expect(cacheNames.has(OFFLINE_AUDIO_CACHE)).toBe(true);
  });

  it('removes the localStorage part before returning, so nothing on the page reads it meanwhile', () => {
    aliceLeavesThings();
    void followDeviceAccount(null);
    expect(storedText()).not.toContain('Panic at Night');
  });

  it("sweeps again once the copies are gone: a player's write in between does not stay", async () => {
    aliceLeavesThings();
    let open: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (open = resolve));
    vi.stubGlobal('caches', {
      ...memoryCaches,
      delete: async (name: string) => {
        await gate;
        return cacheNames.delete(name);
      },
    });
    const done = followDeviceAccount(null);
    // The player writes before it hears of the sign-out, while the copies are being deleted.
    localStorage.setItem('hypnotherapy-player-0123abcd', '{"playlist":[{"title":"Panic at Night"}]}');
    open();
    await done;
    expect(storedText()).not.toContain('Panic at Night');
  });

  it('finishes a removal a closed page left halfway: copies with nothing in localStorage naming them', async () => {
    cacheNames.add(OFFLINE_AUDIO_CACHE);
    localStorage.setItem(DEVICE_CLEARING_KEY, '1');
    expect(accountDataInStorage()).toBe(true);
    await followDeviceAccount(null);
    expect([...cacheNames]).toEqual([]);
    expect(localStorage.getItem(DEVICE_CLEARING_KEY)).toBeNull();
  });

  it('does nothing when there is nothing of an account here', async () => {
    deviceThings();
    expect(accountDataInStorage()).toBe(false);
    await followDeviceAccount(null);
    expect(Object.keys(localStorage)).toHaveLength(3);
  });
});

describe('another account signing in', () => {
  it("removes the first account's things and records the new owner", async () => {
    aliceLeavesThings();
    storeSession(BOB);
    await followDeviceAccount(BOB);
    expect(storedText()).not.toContain('Panic at Night');
    expect([...cacheNames]).toEqual([]);
    expect(localStorage.getItem(DEVICE_ACCOUNT_KEY)).toBe(BOB);
  });

  it('keeps the same account’s things when its session comes back (a reload, a refreshed token)', async () => {
    aliceLeavesThings();
    storeSession(ALICE);
    await followDeviceAccount(ALICE);
    expect(localStorage.getItem(SAVED_AUDIO_KEY)).toContain('Panic at Night');
    expect(cacheNames.has(OFFLINE_AUDIO_CACHE)).toBe(true);
  });

  it('removes saved copies no owner is recorded for (kept before owners were recorded)', async () => {
    cacheNames.add(OFFLINE_AUDIO_CACHE);
    localStorage.setItem(SAVED_AUDIO_KEY, JSON.stringify([{ productId: 'p1', title: 'Panic at Night' }]));
    storeSession(BOB);
    await followDeviceAccount(BOB);
    expect(storedText()).not.toContain('Panic at Night');
    expect([...cacheNames]).toEqual([]);
    expect(localStorage.getItem(DEVICE_ACCOUNT_KEY)).toBe(BOB);
  });

  it('removes copies found only in Cache Storage, and keeps the new owner recorded', async () => {
    cacheNames.add(OFFLINE_AUDIO_CACHE);
    storeSession(BOB);
    await followDeviceAccount(BOB);
    expect([...cacheNames]).toEqual([]);
    expect(localStorage.getItem(DEVICE_ACCOUNT_KEY)).toBe(BOB);
  });
});
