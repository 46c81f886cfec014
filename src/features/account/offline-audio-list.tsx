import { Play, WifiOff } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { accountText } from '@/content/account';
import { offlineText } from '@/content/offline';
import type { KnownOwnedAudio } from '@/lib/offline/known-owned-audio';
import { SaveOfflineButton } from '@/components/offline/save-offline-button';
import { useSavedAudio } from '@/lib/offline/use-saved-audio';
import { OwnedAudioSummary } from './owned-audio-summary';
import type { ListenableAudio } from './owned-audio';

const text = accountText.audio;

interface OfflineAudioListProps {
  /** What the customer owns, as last seen online (docs/offline-listening.md "Offline, Your audio"). */
  audios: KnownOwnedAudio[];
  userId: string;
  onPlay?: (audio: ListenableAudio, playlist: ListenableAudio[]) => void;
}

/**
 * 'Your audio' with the network off: marked as offline; the audio saved on this device plays (from the device),
 * the others say they need a connection (Download and saving need one too).
 */
export function OfflineAudioList({ audios, userId, onPlay }: OfflineAudioListProps) {
  const saved = new Set(useSavedAudio(userId).map((audio) => audio.productId));
  const playable = audios.filter((audio) => saved.has(audio.productId));
  return (
    <>
      <p className="flex items-start gap-2 rounded-lg border-2 border-border p-3 text-sm text-foreground [&_svg]:mt-0.5 [&_svg]:size-4 [&_svg]:shrink-0">
        <WifiOff aria-hidden="true" />
        {audios.length > 0 ? offlineText.yourAudio.offlineNotice : offlineText.yourAudio.offlineNothingKnown}
      </p>
      {audios.length > 0 ? (
        <ul className="mt-4 divide-y divide-border border-y border-border" aria-label={text.title}>
          {audios.map((audio) => (
            <li
              key={audio.id}
              className="flex flex-col gap-3 py-4 lg:flex-row lg:items-center lg:justify-between"
            >
              <OwnedAudioSummary audio={audio} />
              {saved.has(audio.productId) ? (
                <div className="flex flex-wrap gap-2">
                  {onPlay ? (
                    <Button
                      size="sm"
                      aria-label={text.play(audio.title)}
                      onClick={() => onPlay(audio, playable)}
                    >
                      <Play aria-hidden="true" />
                      {text.playShort}
                    </Button>
                  ) : null}
                  <SaveOfflineButton audio={{ ...audio, trackId: audio.id }} userId={userId} />
                </div>
              ) : (
                <p className="text-sm text-muted-foreground">{offlineText.yourAudio.needsConnection}</p>
              )}
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}
