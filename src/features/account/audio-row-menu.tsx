import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { CloudDownload, Download, EllipsisVertical, ListPlus, Trash2 } from 'lucide-react';
import { accountText } from '@/content/account';
import { toast } from '@/lib/toast';
import { useSaveOfflineAction } from '@/components/offline/save-offline-button';
import { useDownloadOwnedAudio } from './api/audio-download';
import type { PlayableAudio } from './owned-audio';

const text = accountText.audio;

const itemClass =
  'flex min-h-11 cursor-pointer items-center gap-2 rounded-md px-3 text-sm font-medium outline-none data-[highlighted]:bg-primary-soft data-[highlighted]:text-primary data-[disabled]:cursor-default data-[disabled]:opacity-60';

/**
 * A row's secondary actions on a phone (Add to playlist, Download, Save for offline or Remove from this device),
 * behind one "More actions for <title>" button: a Radix menu, so arrows, Enter, Escape and touch work and a screen
 * reader hears a menu of items. Each item's name is its visible text; the menu is named by the audio.
 */
export function AudioRowMenu({
  audio,
  onAddToPlaylist,
  userId,
}: {
  audio: PlayableAudio;
  /** Without a player there is no playlist to add to. */
  onAddToPlaylist?: (audio: PlayableAudio) => void;
  userId: string | undefined;
}) {
  const download = useDownloadOwnedAudio();
  const offline = useSaveOfflineAction(
    { productId: audio.productId, trackId: audio.id, title: audio.title, category: audio.category },
    userId,
  );
  const label = text.moreActions(audio.title);
  return (
    // Not modal: a modal menu hides the rest of the page with aria-hidden while its links and buttons stay
    // focusable (axe's aria-hidden-focus). Focus still moves into the menu, and Escape, Tab or a tap outside closes it.
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        aria-label={label}
        className="inline-flex min-h-11 min-w-11 items-center justify-center rounded-md border border-border bg-card text-foreground hover:bg-muted"
      >
        <EllipsisVertical aria-hidden="true" className="size-5" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          aria-label={label}
          align="end"
          sideOffset={6}
          collisionPadding={8}
          className="z-50 min-w-56 rounded-lg border border-border bg-card p-1 text-card-foreground shadow-lg"
        >
          {onAddToPlaylist ? (
            <DropdownMenu.Item className={itemClass} onSelect={() => onAddToPlaylist(audio)}>
              <ListPlus aria-hidden="true" className="size-4" />
              {text.addShort}
            </DropdownMenu.Item>
          ) : null}
          <DropdownMenu.Item
            className={itemClass}
            disabled={download.isPending}
            onSelect={() => download.mutate(audio, { onError: () => toast.error(text.downloadFailed) })}
          >
            <Download aria-hidden="true" className="size-4" />
            {download.isPending ? text.downloading : text.downloadShort}
          </DropdownMenu.Item>
          {offline ? (
            <DropdownMenu.Item className={itemClass} disabled={offline.busy} onSelect={offline.run}>
              {offline.saved ? (
                <Trash2 aria-hidden="true" className="size-4" />
              ) : (
                <CloudDownload aria-hidden="true" className="size-4" />
              )}
              {offline.short}
            </DropdownMenu.Item>
          ) : null}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
