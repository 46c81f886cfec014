import { useEffect, useSyncExternalStore } from 'react';
import {
  forgetKnownOwned,
  knownOwnedAudio,
  rememberOwnedAudio,
  type KnownOwnedAudio,
} from './known-owned-audio';
import { useSavedAudio } from './use-saved-audio';

function subscribeOnline(listener: () => void): () => void {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

/** Whether the browser says it is online (prerendered and before hydration: online). */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine !== false,
    () => true,
  );
}

type Listed = Omit<KnownOwnedAudio, 'productId'> & { productId: string | null };

/**
 * Offline, what `userId` owns as 'Your audio' should list it: `listed` when it has loaded, else the list last
 * seen online on this device (./known-owned-audio.ts); null when online. Online, the list is remembered while
 * the account keeps audio saved on this device, and forgotten with the last saved copy.
 */
export function useOfflineOwnedAudio(
  userId: string | undefined,
  listed: readonly Listed[],
): KnownOwnedAudio[] | null {
  const online = useOnline();
  const keepsAudio = useSavedAudio(userId).length > 0;
  useEffect(() => {
    if (!userId) return;
    if (!keepsAudio) forgetKnownOwned(userId);
    else if (online && listed.length > 0) rememberOwnedAudio(userId, listed);
  }, [userId, keepsAudio, online, listed]);
  if (online || !userId) return null;
  if (listed.length > 0)
    return listed.flatMap((audio) =>
      audio.productId === null ? [] : [{ ...audio, productId: audio.productId }],
    );
  return knownOwnedAudio(userId);
}
