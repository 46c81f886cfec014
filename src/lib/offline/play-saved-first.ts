// The player's seam for saved audio: where a copy is kept on this device, the player gets it instead of a
// short-lived link; otherwise the link as before. The engine is unchanged (docs/audio-links.md).
// - On a page controlled by the offline worker: the copy's stable same-origin URL, answered from Cache Storage
//   with ranges.
// - On a page the worker cannot control (one first loaded outside /account, e.g. My Account reached by signing
//   in: a worker only claims pages whose document was loaded in its scope): an object URL of the stored copy,
//   read from Cache Storage by the page itself, so it plays from the device with the network off too.
import type { SignedAudioUrl } from '@/lib/audio-storage';
import { OFFLINE_AUDIO_CACHE } from '@/lib/account-device-names';
import { offlineAudioUrl } from './offline-worker-config';
import { isControlledByOfflineWorker } from './register-offline-worker';
import { findSavedAudio } from './saved-audio-index';
import { canUseCacheStorage, hasStoredCopy, removeSavedAudio } from './saved-audio-store';

/** A saved copy does not expire; the engine still re-asks after this long, and gets the copy again. */
export const SAVED_COPY_LIFETIME_SECONDS = 24 * 60 * 60;

// One object URL at a time (the copy being played), reused when the engine asks again.
let objectUrl: { productId: string; url: string } | null = null;

/** An object URL of the stored copy of `productId`, or null if it is not in the cache. */
async function storedCopyObjectUrl(productId: string): Promise<string | null> {
  if (objectUrl?.productId === productId) return objectUrl.url;
  if (!canUseCacheStorage()) return null;
  const response = await (await caches.open(OFFLINE_AUDIO_CACHE)).match(offlineAudioUrl(productId));
  if (!response) return null;
  const url = URL.createObjectURL(await response.blob());
  // The element playing the previous copy has resolved it already: revoking frees it once released.
  if (objectUrl) URL.revokeObjectURL(objectUrl.url);
  objectUrl = { productId, url };
  return url;
}

export function playSavedCopyFirst(
  sign: (productId: string) => Promise<SignedAudioUrl>,
  controlled: () => boolean = isControlledByOfflineWorker,
  now: () => number = Date.now,
): (productId: string) => Promise<SignedAudioUrl> {
  return async (productId) => {
    if (findSavedAudio(productId)) {
      const expiresAt = Math.floor(now() / 1000) + SAVED_COPY_LIFETIME_SECONDS;
      if (controlled()) {
        if (await hasStoredCopy(productId)) return { url: offlineAudioUrl(productId), expiresAt };
      } else {
        const url = await storedCopyObjectUrl(productId);
        if (url) return { url, expiresAt };
      }
      // The browser evicted the file: forget the entry and stream as before.
      await removeSavedAudio([productId]);
    }
    return sign(productId);
  };
}
