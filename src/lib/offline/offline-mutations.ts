import { useMutation } from '@tanstack/react-query';
import { saveForOffline } from './offline-actions';
import type { AudioToSave } from './saved-audio-store';
import { requestPersistentStorage } from './storage-support';

// My Account's writes to this device, as mutations (docs/architecture.md "Data on the page"). They change no
// server data, so they refresh no query: what is saved lives in the saved-audio store, whose readers follow it
// (use-saved-audio.ts). One audio's own button keeps its shared 'saving' state in offline-actions.ts instead: the
// player shows it too, and the player runs without the query library.

interface SaveEach {
  /** The audios not yet on the device. */
  audios: readonly AudioToSave[];
  userId: string;
  /** A package stops at a failure: the rest would most likely fail the same way (docs/offline-listening.md). */
  stopAtFailure: boolean;
}

/** Saves each audio in turn, quietly but for failures (each says why); true when every one was saved. */
async function saveEach({ audios, userId, stopAtFailure }: SaveEach): Promise<boolean> {
  let complete = true;
  for (const audio of audios) {
    if (await saveForOffline(audio, userId, true)) continue;
    complete = false;
    if (stopAtFailure) break;
  }
  return complete;
}

/** 'Save all for offline' and 'Save package for offline'; `onAllSaved` runs only when every audio was saved. */
export function useSaveEachForOffline(onAllSaved?: () => void) {
  return useMutation({
    mutationFn: saveEach,
    onSuccess: (complete) => {
      if (complete) onAllSaved?.();
    },
  });
}

/** Asks the browser to keep the saved files; its data is whether it agreed. */
export function useKeepFilesRequest() {
  return useMutation({ mutationFn: requestPersistentStorage });
}
