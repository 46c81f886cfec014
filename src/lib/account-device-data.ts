// Nothing of an account stays in this browser once it is not the one signed in (docs/security.md "Saved audio
// after sign-out"): its saved audio (Cache Storage), the titles of what it owns and saved, its playlist and
// places in it, and what waits to be sent. Removed on every way out: Sign Out, the server ending the session
// (supabase-js drops it from storage), and another account signing in on the same browser. A shared family
// computer or a lent phone then shows nothing of one person's therapy audio to the next.
import {
  DEVICE_ACCOUNT_KEY,
  DEVICE_CLEARING_KEY,
  KNOWN_OWNED_AUDIO_KEY,
  OFFLINE_AUDIO_CACHE,
  PLAYER_KEY_PREFIX,
  POSITIONS_OUTBOX_PREFIX,
  PRACTICE_OUTBOX_PREFIX,
  SAVED_AUDIO_KEY,
  SIGNED_IN_ACCOUNT_CACHE,
  SIGNED_IN_ACCOUNT_PATH,
} from './account-device-names';
import { browserStorage } from './stored-outbox';
import { readStoredSessionUserId } from './supabase';

const ACCOUNT_KEYS = new Set([SAVED_AUDIO_KEY, KNOWN_OWNED_AUDIO_KEY, DEVICE_ACCOUNT_KEY]);
const ACCOUNT_PREFIXES = [PLAYER_KEY_PREFIX, POSITIONS_OUTBOX_PREFIX, PRACTICE_OUTBOX_PREFIX];

const isAccountKey = (key: string) =>
  ACCOUNT_KEYS.has(key) || ACCOUNT_PREFIXES.some((prefix) => key.startsWith(prefix));

function accountKeysIn(storage: Storage): string[] {
  const keys: string[] = [];
  for (let index = 0; index < storage.length; index += 1) {
    const key = storage.key(index);
    if (key !== null && isAccountKey(key)) keys.push(key);
  }
  return keys;
}

const hasCacheStorage = () => typeof caches !== 'undefined';

function setItem(storage: Storage | null, key: string, value: string): void {
  try {
    storage?.setItem(key, value);
  } catch {
    // Blocked or full: the next session removes what it cannot attribute, which is safe.
  }
}

function removeItem(storage: Storage | null, key: string): void {
  try {
    storage?.removeItem(key);
  } catch {
    // Blocked: nothing else can be done from here.
  }
}

/**
 * Removes what any account left in this browser: localStorage at once (before anything else on the page
 * reacts to the new account), then the worker's note of who is signed in (so it serves nothing from then on)
 * and the saved copies. A page closed before the copies are gone leaves DEVICE_CLEARING_KEY for the next one.
 * Never throws.
 */
function removeAccountDataFromDevice(): Promise<void> {
  removeFromStorage();
  return removeSavedCopies();
}

function removeFromStorage(): void {
  const storage = browserStorage();
  if (storage) for (const key of accountKeysIn(storage)) removeItem(storage, key);
}

/** The worker's note first (it serves nothing from then on), then the copies. */
function removeSavedCopies(): Promise<void> {
  if (!hasCacheStorage()) return Promise.resolve();
  const storage = browserStorage();
  setItem(storage, DEVICE_CLEARING_KEY, '1');
  return (async () => {
    await caches.delete(SIGNED_IN_ACCOUNT_CACHE).catch(() => false);
    await caches.delete(OFFLINE_AUDIO_CACHE).catch(() => false);
    removeItem(storage, DEVICE_CLEARING_KEY);
  })();
}

/** Something of an account is in localStorage (the owner's key, a clearing not finished, lists, playlists). */
export function accountDataInStorage(): boolean {
  const storage = browserStorage();
  if (!storage) return false;
  return storage.getItem(DEVICE_CLEARING_KEY) !== null || accountKeysIn(storage).length > 0;
}

/** Saved copies or the worker's note are in Cache Storage (whoever left them). */
async function savedAudioInCaches(): Promise<boolean> {
  if (!hasCacheStorage()) return false;
  const has = (name: string) => caches.has(name).catch(() => false);
  return (await has(OFFLINE_AUDIO_CACHE)) || (await has(SIGNED_IN_ACCOUNT_CACHE));
}

/**
 * Follows who is signed in, called with each session supabase-js reports (null when none). Signed out (no
 * session left in storage: supabase-js keeps it through a failed refresh while offline, so an offline start
 * keeps the saved audio), or another account than the one whose data is here: everything is removed, the
 * localStorage part before this returns. Data with no recorded owner (kept before owners were recorded) is
 * removed too, once.
 */
export function followDeviceAccount(userId: string | null): Promise<void> {
  if (userId === null && readStoredSessionUserId() !== null) return Promise.resolve(); // offline, unconfirmed
  const storage = browserStorage();
  const owner = storage?.getItem(DEVICE_ACCOUNT_KEY) ?? null;
  if (userId !== null && owner === userId && storage?.getItem(DEVICE_CLEARING_KEY) === null)
    return Promise.resolve();
  const removed = accountDataInStorage() ? removeAccountDataFromDevice() : null;
  if (userId !== null) setItem(storage, DEVICE_ACCOUNT_KEY, userId);
  // Signed out: once the copies are gone, localStorage is swept again, in case the player or an outbox wrote
  // in the moment before they heard of the sign-out.
  if (removed && userId === null)
    return removed.then(() => {
      if (readStoredSessionUserId() === null) removeFromStorage();
    });
  if (removed) return removed;
  // Nothing in localStorage says whose copies Cache Storage may hold: they go too.
  return savedAudioInCaches().then((found) => (found ? removeSavedCopies() : undefined));
}

/** Tells the offline worker that `userId` is signed in here, so it serves that account's saved audio. */
export async function noteSignedInForWorker(userId: string): Promise<void> {
  if (!hasCacheStorage()) return;
  const cache = await caches.open(SIGNED_IN_ACCOUNT_CACHE);
  await cache.put(
    SIGNED_IN_ACCOUNT_PATH,
    new Response(userId, { headers: { 'Content-Type': 'text/plain' } }),
  );
}
