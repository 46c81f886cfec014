import { CloudDownload, HardDrive, LoaderCircle, Play } from 'lucide-react';
import { useEffect } from 'react';
import { Button } from '@/components/ui/button';
import { offlineText } from '@/content/offline';
import { getSignedInSupabase } from '@/lib/supabase';
import { toast } from '@/lib/toast';
import { keepKnownOwned } from '@/lib/offline/known-owned-audio';
import { fetchOwnedProductIds } from '@/lib/offline/owned-products';
import { registerOfflineWorker } from '@/lib/offline/register-offline-worker';
import { savedAudioOf } from '@/lib/offline/saved-audio-index';
import { keepOnlyOwned, type AudioToSave } from '@/lib/offline/saved-audio-store';
import { useKeepFilesRequest, useSaveEachForOffline } from '@/lib/offline/offline-mutations';
import { SaveOfflineButton } from '@/components/offline/save-offline-button';
import { formatBytes } from '@/lib/offline/storage-support';
import { useOfflineSupport } from '@/lib/offline/use-offline-support';
import { useSavedAudio } from '@/lib/offline/use-saved-audio';
import { SectionCard } from '@/components/ui/section-card';
import type { ListenableAudio } from './your-audio-section';

const text = offlineText;

interface OnThisDeviceSectionProps {
  userId: string;
  /** What the customer owns and may save (their purchases with audio); empty while offline. */
  owned: AudioToSave[];
  /** The player's Play; without a player nothing is offered to play. */
  onPlay?: (item: ListenableAudio, playlist: ListenableAudio[]) => void;
}

/**
 * Removes saved copies the customer no longer owns (refund, dispute) or that another account saved, whenever
 * the page is online: on opening My Account and when the connection comes back.
 */
function useRemoveUnowned(userId: string) {
  useEffect(() => {
    let cancelled = false;
    const check = async () => {
      if (!navigator.onLine) return;
      const client = await getSignedInSupabase();
      if (!client) return;
      const owned = await fetchOwnedProductIds(client, userId);
      if (!owned || cancelled) return;
      keepKnownOwned(userId, owned);
      const removed = await keepOnlyOwned(userId, owned);
      if (removed.length > 0 && !cancelled) toast.message(text.toast.revoked);
    };
    const run = () => void check().catch(() => undefined);
    run();
    window.addEventListener('online', run);
    return () => {
      cancelled = true;
      window.removeEventListener('online', run);
    };
  }, [userId]);
}

const dateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });

/**
 * 'On this device' in My Account: the audio saved for offline listening, with Play and 'Remove from this
 * device', Save all, the storage used and available, and the request to keep the files; where the browser
 * cannot keep large files, why not, and the download instead (docs/offline-listening.md).
 */
export function OnThisDeviceSection({ userId, owned, onPlay }: OnThisDeviceSectionProps) {
  const saved = useSavedAudio(userId);
  const { support, estimate, persisted, refresh } = useOfflineSupport();
  const saveAll = useSaveEachForOffline();
  const savingAll = saveAll.isPending;
  const keepFiles = useKeepFilesRequest();
  const persistAnswer = keepFiles.data === undefined ? null : keepFiles.data ? 'granted' : 'refused';
  useRemoveUnowned(userId);

  // Someone who keeps audio here gets the worker at once (it may have been cleared), so My Account opens offline.
  const hasSaved = saved.length > 0;
  useEffect(() => {
    if (hasSaved && savedAudioOf(userId).length > 0) void registerOfflineWorker();
  }, [hasSaved, userId]);
  // The estimate follows what is saved.
  const savedBytes = saved.reduce((sum, audio) => sum + audio.bytes, 0);
  useEffect(refresh, [refresh, savedBytes]);

  const unsaved = owned.filter((audio) => !saved.some((s) => s.productId === audio.productId));
  const playlist: ListenableAudio[] = saved.map((audio) => ({
    id: audio.trackId,
    title: audio.title,
    category: audio.category,
    productId: audio.productId,
  }));

  if (support !== 'supported') {
    const reason =
      support === 'apple-mobile'
        ? text.unsupported.appleMobile
        : support === 'small-quota'
          ? text.unsupported.smallQuota
          : text.unsupported.none;
    return (
      <SectionCard id="on-this-device" title={text.section.title}>
        <p className="max-w-prose text-muted-foreground">{reason}</p>
      </SectionCard>
    );
  }

  return (
    <SectionCard
      id="on-this-device"
      title={text.section.title}
      lead={text.section.lead}
      actions={
        unsaved.length > 0 ? (
          <Button
            variant="secondary"
            disabled={savingAll}
            aria-busy={savingAll || undefined}
            onClick={() => saveAll.mutate({ audios: unsaved, userId, stopAtFailure: false })}
          >
            {savingAll ? (
              <LoaderCircle aria-hidden="true" className="animate-spin" />
            ) : (
              <CloudDownload aria-hidden="true" />
            )}
            {savingAll ? text.section.savingAll : text.section.saveAll}
          </Button>
        ) : null
      }
    >
      {saved.length === 0 ? (
        <p className="text-muted-foreground">{text.section.empty}</p>
      ) : (
        <ul className="divide-y divide-border border-y border-border" aria-label={text.section.listLabel}>
          {saved.map((audio, index) => (
            <li
              key={audio.productId}
              className="flex flex-col gap-3 py-4 lg:flex-row lg:items-center lg:justify-between"
            >
              <div className="min-w-0">
                <h3 className="font-semibold break-words text-foreground">{audio.title}</h3>
                <dl className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground">
                  <div className="flex gap-1">
                    <dt className="sr-only">{text.section.size}</dt>
                    <dd>{formatBytes(audio.bytes)}</dd>
                  </div>
                  <div className="flex gap-1">
                    <dt>{text.section.savedOn}</dt>
                    <dd>{dateFormat.format(audio.savedAt)}</dd>
                  </div>
                </dl>
              </div>
              <div className="flex flex-wrap gap-2">
                {onPlay ? (
                  <Button
                    size="sm"
                    aria-label={text.section.play(audio.title)}
                    onClick={() => {
                      const item = playlist[index];
                      if (item) onPlay(item, playlist);
                    }}
                  >
                    <Play aria-hidden="true" />
                    {text.section.playShort}
                  </Button>
                ) : null}
                <SaveOfflineButton audio={audio} userId={userId} />
              </div>
            </li>
          ))}
        </ul>
      )}
      <div className="mt-5 space-y-3 text-sm">
        <h3 className="flex items-center gap-2 font-semibold text-foreground [&_svg]:size-4">
          <HardDrive aria-hidden="true" />
          {text.storage.title}
        </h3>
        <p className="text-muted-foreground">
          {estimate
            ? text.storage.used(
                formatBytes(estimate.usage),
                formatBytes(Math.max(0, estimate.quota - estimate.usage)),
              )
            : text.storage.unknown}{' '}
          {text.storage.savedTotal(formatBytes(savedBytes))}
        </p>
        {persisted || persistAnswer === 'granted' ? (
          <p className="text-muted-foreground">{text.persist.granted}</p>
        ) : (
          <div className="space-y-2">
            <p className="max-w-prose text-muted-foreground">{text.persist.explanation}</p>
            <Button
              size="sm"
              variant="secondary"
              onClick={() => keepFiles.mutate(undefined, { onSuccess: refresh })}
            >
              {text.persist.button}
            </Button>
            <p role="status" className="max-w-prose text-muted-foreground empty:hidden">
              {persistAnswer === 'refused' ? text.persist.refused : null}
            </p>
          </div>
        )}
      </div>
    </SectionCard>
  );
}
