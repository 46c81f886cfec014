// Saving, removing and checking the audio kept on this device. The file is fetched once with a short-lived link
// from the audio-url edge function (docs/audio-links.md) and stored in Cache Storage under the product's stable
// key (offlineAudioUrl), never under the link, which stops working within minutes. The offline worker plays it
// from there (service-worker.ts). Nothing here logs a title (docs/product-rules.md D26 "Health data").
import { noteSignedInForWorker } from '@/lib/account-device-data';
import { OFFLINE_AUDIO_CACHE, SAVED_FOR_HEADER } from '@/lib/account-device-names';
import { signOwnedAudioUrl, type SignedAudioUrl } from '@/lib/audio-storage';
import { readStoredSessionUserId } from '@/lib/supabase';
import { forgetKnownOwned } from './known-owned-audio';
import { OFFLINE_AUDIO_PATH, offlineAudioUrl } from './offline-worker-config';
import { addSavedAudio, readSavedAudio, removeSavedAudioEntries, type SavedAudio } from './saved-audio-index';

export interface AudioToSave {
  productId: string;
  trackId: string;
  title: string;
  category: string;
}

export class SaveFailedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SaveFailedError';
  }
}

/** Cache Storage is there (secure contexts of every current browser; not in old or locked-down ones). */
export function canUseCacheStorage(): boolean {
  return typeof caches !== 'undefined';
}

/**
 * Fetches the audio with a fresh link and stores it under the product's stable key; the body streams straight
 * into the cache (a long track is never held in memory). Only the headers the player needs are kept.
 */
export async function saveAudioForOffline(
  audio: AudioToSave,
  userId: string,
  sign: (productId: string) => Promise<SignedAudioUrl> = signOwnedAudioUrl,
  now: () => number = Date.now,
): Promise<SavedAudio> {
  const { url } = await sign(audio.productId);
  const response = await fetch(url);
  if (!response.ok || !response.body) throw new SaveFailedError(`HTTP ${response.status}`);
  const length = Number(response.headers.get('content-length'));
  const headers: Record<string, string> = {
    'Content-Type': response.headers.get('content-type') ?? 'audio/mpeg',
    // The worker serves the copy only while this account is the one signed in (service-worker.ts).
    [SAVED_FOR_HEADER]: userId,
  };
  if (Number.isFinite(length) && length > 0) headers['Content-Length'] = String(length);
  const cache = await caches.open(OFFLINE_AUDIO_CACHE);
  const key = offlineAudioUrl(audio.productId);
  await cache.put(key, new Response(response.body, { status: 200, headers }));
  // Signed out (or another account signed in) while the file streamed: nothing of it may stay.
  if (readStoredSessionUserId() !== userId) {
    await cache.delete(key);
    throw new SaveFailedError('signed out');
  }
  await noteSignedInForWorker(userId);
  let bytes = length;
  if (!(Number.isFinite(bytes) && bytes > 0)) {
    const stored = await cache.match(key);
    bytes = stored ? (await stored.blob()).size : 0;
  }
  const saved: SavedAudio = { ...audio, bytes, savedAt: now(), userId };
  addSavedAudio(saved);
  return saved;
}

/** Removes saved copies (the audio and its entry). */
export async function removeSavedAudio(productIds: Iterable<string>): Promise<void> {
  const ids = new Set(productIds);
  if (ids.size === 0) return;
  if (canUseCacheStorage()) {
    const cache = await caches.open(OFFLINE_AUDIO_CACHE);
    await Promise.all([...ids].map((id) => cache.delete(offlineAudioUrl(id))));
  }
  const holders = new Set(readSavedAudio().map((audio) => audio.userId));
  removeSavedAudioEntries(ids);
  // An account with nothing left on this device leaves no list of what it owns either (known-owned-audio.ts).
  const left = new Set(readSavedAudio().map((audio) => audio.userId));
  for (const userId of holders) if (!left.has(userId)) forgetKnownOwned(userId);
}

/** The stored copy is really there (a browser under storage pressure may have evicted it). */
export async function hasStoredCopy(productId: string): Promise<boolean> {
  if (!canUseCacheStorage()) return false;
  const cache = await caches.open(OFFLINE_AUDIO_CACHE);
  return (await cache.match(offlineAudioUrl(productId))) !== undefined;
}

/**
 * Keeps only what `userId` still owns: entries of other accounts or of products no longer owned (refunded,
 * disputed, account deleted) are removed with their audio, and so are stored copies no entry names.
 * `owned` must be a complete answer from the server, never a failed or partial one.
 */
export async function keepOnlyOwned(userId: string, owned: ReadonlySet<string>): Promise<string[]> {
  const gone = readSavedAudio()
    .filter((audio) => audio.userId !== userId || !owned.has(audio.productId))
    .map((audio) => audio.productId);
  await removeSavedAudio(gone);
  if (canUseCacheStorage()) {
    const listed = new Set(readSavedAudio().map((audio) => offlineAudioUrl(audio.productId)));
    const cache = await caches.open(OFFLINE_AUDIO_CACHE);
    for (const request of await cache.keys()) {
      const path = new URL(request.url).pathname;
      if (path.startsWith(OFFLINE_AUDIO_PATH) && !listed.has(path)) await cache.delete(request);
    }
  }
  return gone;
}
