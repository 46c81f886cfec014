import { Pause, Play } from 'lucide-react';
import { continueListeningText as text } from '@/content/player';
import { cn } from '@/lib/cn';
import { useLoadedPlayerStore, usePlayer } from './player-context';
import { currentTrack } from './player-current-track';
import { formatTime } from './player-logic';

/** The track 'Continue listening' shows: the one the player holds for this account; null when none. */
export function useContinueTrack() {
  return currentTrack(usePlayer());
}

/**
 * "Continue listening" at the top of My Account (docs/player.md "My Account as a library"): the track the
 * player holds for this account (restored after a reload, or playing now) and where this device left it, with
 * one button to go on (or pause). Nothing when the player holds no track.
 */
export function ContinueListening({ id = 'continue-listening' }: { id?: string }) {
  const player = usePlayer();
  const store = useLoadedPlayerStore();
  const track = currentTrack(player);
  if (!track) return null;
  const left = store?.resumePosition(track.productId) ?? 0;
  const duration = track.duration ?? null;
  const playing = player.isPlaying;
  const percent = duration ? Math.min(100, Math.round((left / duration) * 100)) : 0;
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      className="scroll-mt-24 rounded-xl border-2 border-primary bg-card p-5 text-card-foreground shadow-sm sm:p-6"
    >
      <h2 id={`${id}-title`} className="font-serif text-2xl font-bold text-foreground">
        {text.title}
      </h2>
      <div className="mt-4 flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <div className="min-w-0 flex-1">
          <p className="font-semibold break-words text-foreground">
            {track.title}
            {playing ? <span className="ml-2 text-sm font-normal text-primary">{text.playing}</span> : null}
          </p>
          <p className="mt-1 text-sm text-muted-foreground">
            {left > 0
              ? text.leftAt(formatTime(left), duration ? formatTime(duration) : null)
              : text.notStarted}
          </p>
          {duration ? (
            <div aria-hidden="true" className="mt-2 h-1.5 max-w-md overflow-hidden rounded-full bg-border">
              <div className={cn('h-full bg-primary')} style={{ width: `${percent}%` }} />
            </div>
          ) : null}
        </div>
        <button
          type="button"
          onClick={player.togglePlay}
          aria-label={playing ? text.pause(track.title) : text.resume(track.title)}
          className="inline-flex min-h-11 cursor-pointer items-center justify-center gap-2 rounded-lg bg-primary px-5 font-semibold text-primary-foreground hover:bg-brand-800 [&_svg]:size-5"
        >
          {playing ? <Pause aria-hidden="true" /> : <Play aria-hidden="true" />}
          {playing ? text.pauseShort : text.resumeShort}
        </button>
      </div>
    </section>
  );
}
