import { useCallback, useSyncExternalStore } from 'react';
import { readSavedAudio, subscribeSavedAudio, type SavedAudio } from './saved-audio-index';

const none: SavedAudio[] = [];
const serverSnapshot = () => none;

/** Every saved audio on this browser; re-renders when one is saved or removed (also in another tab). */
function useAllSavedAudio(): SavedAudio[] {
  return useSyncExternalStore(subscribeSavedAudio, readSavedAudio, serverSnapshot);
}

/** The audio `userId` keeps on this device, oldest first. */
export function useSavedAudio(userId: string | undefined): SavedAudio[] {
  const all = useAllSavedAudio();
  return userId ? all.filter((audio) => audio.userId === userId) : none;
}

/** Whether `productId` is saved for `userId`. */
export function useIsSaved(productId: string, userId: string | undefined): boolean {
  const select = useCallback(
    () => readSavedAudio().some((audio) => audio.productId === productId && audio.userId === userId),
    [productId, userId],
  );
  return useSyncExternalStore(subscribeSavedAudio, select, () => false);
}
