import { CloudDownload, LoaderCircle, Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { offlineText } from '@/content/offline';
import { toast } from '@/lib/toast';
import { removeFromDevice } from '@/lib/offline/offline-actions';
import { useSaveEachForOffline } from '@/lib/offline/offline-mutations';
import type { AudioToSave } from '@/lib/offline/saved-audio-store';
import { useOfflineSupport } from '@/lib/offline/use-offline-support';
import { useSavedAudio } from '@/lib/offline/use-saved-audio';

const text = offlineText.button;

interface SavePackageButtonProps {
  /** The package's title, as the customer bought it. */
  title: string;
  /** Its audios the customer owns. */
  audios: readonly AudioToSave[];
  /** The signed-in customer; nothing is shown without one. */
  userId: string | undefined;
}

/**
 * 'Save package for offline': saves every audio of a package not yet on the device, one after another, saying
 * how far it is; once all are saved, 'Remove package from this device' removes them all. Not shown where the
 * browser cannot keep large files (docs/offline-listening.md).
 */
export function SavePackageButton({ title, audios, userId }: SavePackageButtonProps) {
  const { support } = useOfflineSupport();
  const saved = new Set(useSavedAudio(userId).map((audio) => audio.productId));
  const save = useSaveEachForOffline(() => toast.success(offlineText.toast.saved(title)));
  const busy = save.isPending;
  if (!userId || support !== 'supported' || audios.length === 0) return null;
  const savedCount = audios.filter((audio) => saved.has(audio.productId)).length;

  // One button that changes its role (save, then remove), so keyboard focus stays on it.
  const removes = savedCount === audios.length && !busy;
  return (
    <>
      <Button
        size="sm"
        variant="secondary"
        aria-label={removes ? text.removePackage(title) : text.savePackage(title)}
        aria-busy={busy || undefined}
        // Not `disabled` while saving: a disabled button drops keyboard focus.
        aria-disabled={busy || undefined}
        onClick={() => {
          if (removes) void removeFromDevice(audios.map((audio) => audio.productId));
          else if (!busy)
            save.mutate({
              audios: audios.filter((audio) => !saved.has(audio.productId)),
              userId,
              stopAtFailure: true,
            });
        }}
      >
        {removes ? (
          <Trash2 aria-hidden="true" />
        ) : busy ? (
          <LoaderCircle aria-hidden="true" className="animate-spin" />
        ) : (
          <CloudDownload aria-hidden="true" />
        )}
        {removes
          ? text.removePackageShort
          : busy
            ? text.savingPackage(savedCount, audios.length)
            : text.savePackageShort}
      </Button>
      {/* The button keeps its name while saving: how far it is, told as it goes. */}
      <span role="status" className="sr-only">
        {busy ? text.savingPackage(savedCount, audios.length) : ''}
      </span>
    </>
  );
}
