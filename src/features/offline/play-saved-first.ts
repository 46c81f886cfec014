// The player's seam for saved audio: where a copy is kept on this device and the page is controlled by the
// offline worker, the player gets the copy's stable same-origin URL (answered from Cache Storage, with ranges)
// instead of a short-lived link; otherwise the link as before. The engine is unchanged (docs/audio-links.md).
import type { SignedAudioUrl } from '@/lib/audio-storage';
import { offlineAudioUrl } from './offline-worker-config';
import { isControlledByOfflineWorker } from './register-offline-worker';
import { findSavedAudio } from './saved-audio-index';
import { hasStoredCopy, removeSavedAudio } from './saved-audio-store';

/** A saved copy does not expire; the engine still re-asks after this long, and gets the copy again. */
export const SAVED_COPY_LIFETIME_SECONDS = 24 * 60 * 60;

export function playSavedCopyFirst(
  sign: (productId: string) => Promise<SignedAudioUrl>,
  controlled: () => boolean = isControlledByOfflineWorker,
  now: () => number = Date.now,
): (productId: string) => Promise<SignedAudioUrl> {
  return async (productId) => {
    if (findSavedAudio(productId) && controlled()) {
      if (await hasStoredCopy(productId)) {
        return {
          url: offlineAudioUrl(productId),
          expiresAt: Math.floor(now() / 1000) + SAVED_COPY_LIFETIME_SECONDS,
        };
      }
      // The browser evicted the file: forget the entry and stream as before.
      await removeSavedAudio([productId]);
    }
    return sign(productId);
  };
}
