import { Download, ListPlus, LoaderCircle, Play } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { accountText } from '@/content/account';
import { formatPence, poundsToPence } from '@/lib/format';
import { toast } from '@/lib/toast';
import { useDownloadOwnedAudio } from './account-api';
import { OwnedAudioSummary, type AudioListening } from './owned-audio-summary';
import { SectionCard } from '@/components/ui/section-card';
import type { PaidAs } from './paid-as';
import { AppLink } from '@/components/ui/app-link';
import { SaveOfflineButton } from '@/components/offline/save-offline-button';
import { useOfflineOwnedAudio } from '@/lib/offline/use-offline-owned-audio';
import { OfflineAudioList } from './offline-audio-list';
import { AudioRowMenu } from './audio-row-menu';
import { groupAudios, isGift, type AudioGroup } from './audio-groups';
import { useMediaQuery } from '@/lib/use-media-query';
import { SavePackageButton } from '@/components/offline/save-package-button';
import { offlineText } from '@/content/offline';
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

/**
 * Below Tailwind's `sm` (40rem) a row shows Play and a "More actions" menu; wider, every button as before. One of
 * the two is rendered (not both with one hidden by CSS), so assistive tech meets one set. The prerender and the
 * hydrating render are wide (the buttons), then a phone swaps to the menu at once.
 */
const PHONE_QUERY = '(width < 40rem)';

function groupTitle(group: AudioGroup<OwnedAudio>): string {
  if (group.kind === 'package') return text.groups.package(group.key);
  return group.kind === 'practitioner' ? text.groups.practitioner : text.groups.single;
}

/** 'Your audio': every purchase in groups with Play, Add to playlist and Download, and Play all; or the empty state. */
export function YourAudioSection({
  audios,
  player,
  offlineUserId,
  paidAs,
  loading = false,
  listening,
}: YourAudioSectionProps) {
  const groups = groupAudios(audios, paidAs);
  // The list's order (group by group), as Play all and each row's queue follow it.
  const playable = groups.flatMap((group) => group.audios).filter(isPlayable);
  const phone = useMediaQuery(PHONE_QUERY);
  // Offline: what the customer owns (as last seen online), not the empty state (docs/offline-listening.md).
  const offline = useOfflineOwnedAudio(offlineUserId, audios);

  if (offline && offlineUserId) {
    return (
      <SectionCard id="your-audio" title={text.title}>
        <OfflineAudioList audios={offline} userId={offlineUserId} onPlay={player?.onPlay} />
      </SectionCard>
    );
  }

  return (
    <SectionCard
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
        <div className="space-y-6">
          {groups.map((group) => {
            const title = groupTitle(group);
            const headingId = `your-audio-${group.kind}-${slug(group.key)}`;
            return (
              // Each group: a heading (jumped to by heading navigation) naming the group and its list ("…, list,
              // 3 items"); a package's also says how many audios it holds and saves them all for offline at once.
              <div key={`${group.kind}:${group.key}`} role="group" aria-labelledby={headingId}>
                <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
                  <h3 id={headingId} className="font-serif text-xl font-bold break-words text-foreground">
                    {title}
                  </h3>
                  {group.kind === 'package' ? (
                    <PackageSave title={group.key} audios={group.audios} userId={offlineUserId} />
                  ) : null}
                </div>
                <ul
                  className="mt-2 divide-y divide-border border-y border-border"
                  aria-labelledby={headingId}
                >
                  {group.audios.map((audio) => (
                    <AudioRow
                      key={audio.id}
                      audio={audio}
                      paid={paidText(audio, paidAs?.get(audio.id))}
                      listening={listeningOf(audio, listening)}
                      player={player}
                      playable={playable}
                      userId={offlineUserId}
                      phone={phone}
                    />
                  ))}
                </ul>
              </div>
            );
          })}
        </div>
      )}
    </SectionCard>
  );
}

/**
 * A package group's count of audios and 'Save package for offline' (docs/offline-listening.md): each of its
 * playable audios once, even when bought twice.
 */
function PackageSave({
  title,
  audios,
  userId,
}: {
  title: string;
  audios: OwnedAudio[];
  userId: string | undefined;
}) {
  const unique = audios
    .filter(isPlayable)
    .filter((audio, index, all) => all.findIndex((other) => other.productId === audio.productId) === index);
  return (
    <div className="flex flex-wrap items-center gap-2">
      <span className="text-sm text-muted-foreground">{offlineText.packages.count(unique.length)}</span>
      <SavePackageButton
        title={title}
        audios={unique.map((audio) => ({
          productId: audio.productId,
          trackId: audio.id,
          title: audio.title,
          category: audio.category,
        }))}
        userId={userId}
      />
    </div>
  );
}

/** A package title as part of an element id. */
function slug(value: string): string {
  return value.toLowerCase().replace(/[^a-z0-9]+/g, '-');
}

/** One audio's row: what it is and where this device left it, then its actions (a menu for the rest on a phone). */
function AudioRow({
  audio,
  paid,
  listening,
  player,
  playable,
  userId,
  phone,
}: {
  audio: OwnedAudio;
  paid: string | null;
  listening: AudioListening | undefined;
  player: AudioActions | undefined;
  playable: PlayableAudio[];
  userId: string | undefined;
  phone: boolean;
}) {
  return (
    <li className="flex flex-col gap-3 py-4 lg:flex-row lg:items-center lg:justify-between">
      <OwnedAudioSummary
        audio={audio}
        paid={paid}
        gift={isGift(audio)}
        listening={listening}
        headingLevel={4}
      />
      {isPlayable(audio) ? (
        <div className="flex flex-wrap gap-2">
          {player ? (
            <Button
              size="sm"
              aria-label={text.play(audio.title)}
              onClick={() => player.onPlay(audio, playable)}
            >
              <Play aria-hidden="true" />
              {text.playShort}
            </Button>
          ) : null}
          {phone ? (
            <AudioRowMenu audio={audio} onAddToPlaylist={player?.onAddToPlaylist} userId={userId} />
          ) : (
            <>
              {player ? (
                <Button
                  size="sm"
                  variant="secondary"
                  aria-label={text.addToPlaylist(audio.title)}
                  onClick={() => player.onAddToPlaylist(audio)}
                >
                  <ListPlus aria-hidden="true" />
                  {text.addShort}
                </Button>
              ) : null}
              <DownloadAudioButton audio={audio} />
              <SaveOfflineButton
                audio={{
                  productId: audio.productId,
                  trackId: audio.id,
                  title: audio.title,
                  category: audio.category,
                }}
                userId={userId}
              />
            </>
          )}
        </div>
      ) : (
        <p className="text-sm text-muted-foreground">{text.unavailable}</p>
      )}
    </li>
  );
}
