// Saving and removing, with the feedback both My Account and the player give; which saves are under way is
// shared, so a track being saved shows so wherever its button is.
import { useSyncExternalStore } from 'react';
import { offlineText } from '@/content/offline';
import { toast } from '@/lib/toast';
import { registerOfflineWorker } from './register-offline-worker';
import { removeSavedAudio, saveAudioForOffline, type AudioToSave } from './saved-audio-store';

let saving: ReadonlySet<string> = new Set();
const listeners = new Set<() => void>();

function setSaving(productId: string, on: boolean) {
  const next = new Set(saving);
  if (on) next.add(productId);
  else next.delete(productId);
  saving = next;
  listeners.forEach((listener) => listener());
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The products whose save is under way in this tab. */
export function useSavingProducts(): ReadonlySet<string> {
  return useSyncExternalStore(
    subscribe,
    () => saving,
    () => saving,
  );
}

function isQuotaError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'QuotaExceededError';
}

/**
 * Saves one audio: the offline worker is registered first (it precaches My Account and the player, so they open
 * offline), then the file is stored. Resolves true when saved.
 */
export async function saveForOffline(audio: AudioToSave, userId: string, quiet = false): Promise<boolean> {
  if (saving.has(audio.productId)) return false;
  setSaving(audio.productId, true);
  try {
    await registerOfflineWorker();
    await saveAudioForOffline(audio, userId);
    if (!quiet) toast.success(offlineText.toast.saved(audio.title));
    return true;
  } catch (error) {
    // Without the title: what someone bought is health data (docs/product-rules.md D26).
    console.warn('Saving for offline failed:', error instanceof Error ? error.name : 'error');
    toast.error(isQuotaError(error) ? offlineText.toast.quotaExceeded : offlineText.toast.saveFailed);
    return false;
  } finally {
    setSaving(audio.productId, false);
  }
}

/** Removes one audio, or all of a package's (`productId` a list), from this device. */
export async function removeFromDevice(productId: string | readonly string[]): Promise<void> {
  try {
    await removeSavedAudio(typeof productId === 'string' ? [productId] : productId);
    toast.success(offlineText.toast.removed);
  } catch (error) {
    console.warn('Removing a saved audio failed:', error instanceof Error ? error.name : 'error');
  }
}
