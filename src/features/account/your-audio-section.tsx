import { Download, ListPlus, LoaderCircle, Play } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { accountText } from '@/content/account';
import { formatPence, poundsToPence } from '@/lib/format';
import { toast } from '@/lib/toast';
import { useDownloadOwnedAudio } from './account-api';
import { OwnedAudioSummary, type AudioListening } from './owned-audio-summary';
import { AccountSection } from './account-section';
import type { PaidAs } from './paid-as';
import { AppLink } from '@/components/ui/app-link';
import { SaveOfflineButton } from '@/features/offline/save-offline-button';
import { useOfflineOwnedAudio } from '@/features/offline/use-offline-owned-audio';
import { OfflineAudioList } from './offline-audio-list';
import { PackageSaveList } from './package-save-list';
import type { ListenableAudio, OwnedAudio, PlayableAudio } from './owned-audio';

export type { ListenableAudio, OwnedAudio };

const text = accountText.audio;

export interface AudioActions {
  /** Plays `audio` with `playlist` (the playable audios, in the list's order) as the queue. */
  onPlay: (audio: ListenableAudio, playlist: ListenableAudio[]) => void;
  onAddToPlaylist: (audio: PlayableAudio) => void;
  onPlayAll: (playlist: PlayableAudio[]) => void;
}

interface YourAudioSectionProps {
  /** Newest first. */
  audios: OwnedAudio[];
  /** The player's controls; without a player only Download is offered. */
  player?: AudioActions;
  /** The signed-in customer, for 'Save for offline' (docs/offline-listening.md); without one it is not offered. */
  offlineUserId?: string;
  /** How each audio (by id) was paid for, from the orders (./paid-as.ts); absent while they load. */
  paidAs?: ReadonlyMap<string, PaidAs>;
  /** The list may still grow (what a programme holds back is loading): no empty state yet. */
  loading?: boolean;
  /** Where this device left each audio and which one plays (from the player, composed by the route). */
  listening?: ListeningInfo;
}

/** What the rows show of the player (src/features/player/use-listening-library.ts has this shape). */
export interface ListeningInfo {
  playingProductId: string | null;
  positionOf: (productId: string) => number;
}

/** A row's listening state: where this device left it, and whether it plays now. */
function listeningOf(audio: OwnedAudio, listening: ListeningInfo | undefined): AudioListening | undefined {
  if (!listening || !audio.productId) return undefined;
  return {
    leftAt: listening.positionOf(audio.productId),
    playing: listening.playingProductId === audio.productId,
  };
}

/** Given by the practitioner: no order granted it and nothing was paid (not 'Purchased … £0'). */
function isGift(audio: OwnedAudio): boolean {
  return !audio.orderId && audio.price === 0;
}

/**
 * What the customer paid for an audio: its price, or 'Part of <package>' for a package's audio (whose recorded
 * price is a share of the package price, docs/account-prices.md). Null while its order is not known, rather than
 * a split price.
 */
function paidText(audio: OwnedAudio, paidAs: PaidAs | undefined): string | null {
  const price = formatPence(poundsToPence(audio.price));
  if (paidAs?.kind === 'package') return text.partOf(paidAs.packageTitle);
  if (paidAs?.kind === 'single') return paidAs.discounted ? text.afterDiscount(price) : price;
  if (paidAs?.kind === 'recorded') return price;
  return audio.orderId ? null : price;
}

function isPlayable(audio: OwnedAudio): audio is PlayableAudio {
  return audio.productId !== null;
}

/** 'Download' for one audio, busy while its own file is being fetched. */
function DownloadAudioButton({ audio }: { audio: PlayableAudio }) {
  const download = useDownloadOwnedAudio();
  const busy = download.isPending;
  return (
    <Button
      size="sm"
      variant="secondary"
      aria-label={text.download(audio.title)}
      aria-busy={busy || undefined}
      disabled={busy}
      onClick={() => download.mutate(audio, { onError: () => toast.error(text.downloadFailed) })}
    >
      {busy ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : <Download aria-hidden="true" />}
      {busy ? text.downloading : text.downloadShort}
    </Button>
  );
}

/** 'Your audio': every purchase with Play, Add to playlist and Download, and Play all; or the empty state. */
export function YourAudioSection({
  audios,
  player,
  offlineUserId,
  paidAs,
  loading = false,
  listening,
}: YourAudioSectionProps) {
  const playable = audios.filter(isPlayable);
  // Offline: what the customer owns (as last seen online), not the empty state (docs/offline-listening.md).
  const offline = useOfflineOwnedAudio(offlineUserId, audios);

  if (offline && offlineUserId) {
    return (
      <AccountSection id="your-audio" title={text.title}>
        <OfflineAudioList audios={offline} userId={offlineUserId} onPlay={player?.onPlay} />
      </AccountSection>
    );
  }

  return (
    <AccountSection
      id="your-audio"
      title={text.title}
      lead={audios.length > 0 ? text.lead : undefined}
      actions={
        player && playable.length > 0 ? (
          <Button onClick={() => player.onPlayAll(playable)}>
            <Play aria-hidden="true" />
            {text.playAll}
          </Button>
        ) : null
      }
    >
      <PackageSaveList audios={playable} paidAs={paidAs} userId={offlineUserId} />
      {audios.length === 0 && loading ? (
        <p role="status" className="text-muted-foreground">
          {text.loading}
        </p>
      ) : audios.length === 0 ? (
        <div className="rounded-lg border border-dashed border-border p-6 text-center">
          <h3 className="font-serif text-xl font-bold text-foreground">{text.empty.title}</h3>
          <p className="mx-auto mt-2 max-w-prose text-muted-foreground">{text.empty.text}</p>
          <div className="mt-4 flex flex-col justify-center gap-3 sm:flex-row">
            <Button asChild>
              <AppLink to={paths.audioLibrary}>{text.empty.library}</AppLink>
            </Button>
            <Button asChild variant="secondary">
              <AppLink to={paths.individualAudios}>{text.empty.individual}</AppLink>
            </Button>
          </div>
        </div>
      ) : (
        <ul className="divide-y divide-border border-y border-border" aria-label={text.title}>
          {audios.map((audio) => {
            const paid = paidText(audio, paidAs?.get(audio.id));
            return (
              <li
                key={audio.id}
                className="flex flex-col gap-3 py-4 lg:flex-row lg:items-center lg:justify-between"
              >
                <OwnedAudioSummary
                  audio={audio}
                  paid={paid}
                  gift={isGift(audio)}
                  listening={listeningOf(audio, listening)}
                />
                {isPlayable(audio) ? (
                  <div className="flex flex-wrap gap-2">
                    {player ? (
                      <>
                        <Button
                          size="sm"
                          aria-label={text.play(audio.title)}
                          onClick={() => player.onPlay(audio, playable)}
                        >
                          <Play aria-hidden="true" />
                          {text.playShort}
                        </Button>
                        <Button
                          size="sm"
                          variant="secondary"
                          aria-label={text.addToPlaylist(audio.title)}
                          onClick={() => player.onAddToPlaylist(audio)}
                        >
                          <ListPlus aria-hidden="true" />
                          {text.addShort}
                        </Button>
                      </>
                    ) : null}
                    <DownloadAudioButton audio={audio} />
                    <SaveOfflineButton
                      audio={{
                        productId: audio.productId,
                        trackId: audio.id,
                        title: audio.title,
                        category: audio.category,
                      }}
                      userId={offlineUserId}
                    />
                  </div>
                ) : (
                  <p className="text-sm text-muted-foreground">{text.unavailable}</p>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </AccountSection>
  );
}
