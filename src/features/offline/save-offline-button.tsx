import { CloudDownload, LoaderCircle, Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { offlineText } from '@/content/offline';
import { readStoredSessionUserId } from '@/lib/supabase';
import { removeFromDevice, saveForOffline, useSavingProducts } from './offline-actions';
import type { AudioToSave } from './saved-audio-store';
import { useIsSaved } from './use-saved-audio';
import { useOfflineSupport } from './use-offline-support';

const text = offlineText.button;

interface SaveOfflineButtonProps {
  audio: AudioToSave;
  /** The signed-in customer; nothing is shown without one. */
  userId: string | undefined;
  /** The player's panel uses its own compact look. */
  className?: string;
}

/**
 * 'Save for offline', or once saved 'Remove from this device', for one owned audio of the signed-in customer.
 * Not shown where the browser cannot keep large files (My Account's 'On this device' says why and offers the
 * download instead).
 */
export function SaveOfflineButton({ audio, userId, className }: SaveOfflineButtonProps) {
  const { support } = useOfflineSupport();
  const saved = useIsSaved(audio.productId, userId);
  const busy = useSavingProducts().has(audio.productId);
  if (!userId || support !== 'supported') return null;
  if (saved) {
    return (
      <Button
        size="sm"
        variant="secondary"
        className={className}
        aria-label={text.remove(audio.title)}
        onClick={() => void removeFromDevice(audio.productId)}
      >
        <Trash2 aria-hidden="true" />
        {text.removeShort}
      </Button>
    );
  }
  return (
    <Button
      size="sm"
      variant="secondary"
      className={className}
      aria-label={text.save(audio.title)}
      aria-busy={busy || undefined}
      // Not `disabled` while saving: a disabled button drops keyboard focus, and this one becomes 'Remove'.
      aria-disabled={busy || undefined}
      onClick={() => {
        if (!busy) void saveForOffline(audio, userId);
      }}
    >
      {busy ? (
        <LoaderCircle aria-hidden="true" className="animate-spin" />
      ) : (
        <CloudDownload aria-hidden="true" />
      )}
      {busy ? text.saving : text.saveShort}
    </Button>
  );
}

/** The button for the player, which knows the account from the stored session (the player is shown signed in). */
export function PlayerSaveOfflineButton({ audio, className }: Omit<SaveOfflineButtonProps, 'userId'>) {
  const userId = readStoredSessionUserId() ?? undefined;
  return <SaveOfflineButton audio={audio} userId={userId} className={className} />;
}
