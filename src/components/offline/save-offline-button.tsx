import { CloudDownload, LoaderCircle, Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { offlineText } from '@/content/offline';
import { readStoredSessionUserId } from '@/lib/supabase';
import { removeFromDevice, saveForOffline, useSavingProducts } from '@/lib/offline/offline-actions';
import type { AudioToSave } from '@/lib/offline/saved-audio-store';
import { useIsSaved } from '@/lib/offline/use-saved-audio';
import { useOfflineSupport } from '@/lib/offline/use-offline-support';

const text = offlineText.button;

interface SaveOfflineButtonProps {
  audio: AudioToSave;
  /** The signed-in customer; nothing is shown without one. */
  userId: string | undefined;
  /** The player's panel uses its own compact look. */
  className?: string;
}

/** What 'Save for offline' offers for one audio now: null where it is not offered (no account, no support). */
export interface SaveOfflineAction {
  /** Saved on this device: the action removes it. */
  saved: boolean;
  /** Being saved: the action does nothing until it is. */
  busy: boolean;
  /** The accessible name, with the audio's title. */
  label: string;
  /** The visible text. */
  short: string;
  run: () => void;
}

/**
 * 'Save for offline', or once saved 'Remove from this device', for one owned audio of the signed-in customer, as a
 * button here or an item of My Account's row menu on a phone. Null where the browser cannot keep large files
 * (My Account's 'On this device' says why and offers the download instead).
 */
export function useSaveOfflineAction(
  audio: AudioToSave,
  userId: string | undefined,
): SaveOfflineAction | null {
  const { support } = useOfflineSupport();
  const saved = useIsSaved(audio.productId, userId);
  const busy = useSavingProducts().has(audio.productId);
  if (!userId || support !== 'supported') return null;
  if (saved) {
    return {
      saved,
      busy: false,
      label: text.remove(audio.title),
      short: text.removeShort,
      run: () => void removeFromDevice(audio.productId),
    };
  }
  return {
    saved,
    busy,
    label: text.save(audio.title),
    short: busy ? text.saving : text.saveShort,
    run: () => {
      if (!busy) void saveForOffline(audio, userId);
    },
  };
}

/** 'Save for offline' (or 'Remove from this device') as a button: useSaveOfflineAction. */
export function SaveOfflineButton({ audio, userId, className }: SaveOfflineButtonProps) {
  const action = useSaveOfflineAction(audio, userId);
  if (!action) return null;
  if (action.saved) {
    return (
      <Button
        size="sm"
        variant="secondary"
        className={className}
        aria-label={action.label}
        onClick={action.run}
      >
        <Trash2 aria-hidden="true" />
        {action.short}
      </Button>
    );
  }
  return (
    <Button
      size="sm"
      variant="secondary"
      className={className}
      aria-label={action.label}
      aria-busy={action.busy || undefined}
      // Not `disabled` while saving: a disabled button drops keyboard focus, and this one becomes 'Remove'.
      aria-disabled={action.busy || undefined}
      onClick={action.run}
    >
      {action.busy ? (
        <LoaderCircle aria-hidden="true" className="animate-spin" />
      ) : (
        <CloudDownload aria-hidden="true" />
      )}
      {action.short}
    </Button>
  );
}

/** The button for the player, which knows the account from the stored session (the player is shown signed in). */
export function PlayerSaveOfflineButton({ audio, className }: Omit<SaveOfflineButtonProps, 'userId'>) {
  const userId = readStoredSessionUserId() ?? undefined;
  return <SaveOfflineButton audio={audio} userId={userId} className={className} />;
}
