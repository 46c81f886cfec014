import {
  ChevronDown,
  ChevronUp,
  LoaderCircle,
  Moon,
  Pause,
  Play,
  Repeat,
  Shuffle,
  SkipBack,
  SkipForward,
  X,
} from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { MAIN_CONTENT_ID } from '@/components/layout/skip-links';
import { site } from '@/config/site';
import { playerText } from '@/content/player';
import { playSavedCopyFirst } from '@/lib/offline/play-saved-first';
import { signOwnedAudioUrl } from '@/lib/audio-storage';
import { cn } from '@/lib/cn';
import { connectAudio } from './audio-engine';
import { usePlayer, usePlayerProgress, type PlayerValue } from './player-context';
import type { PlayerStore } from './player-store';
import {
  clampSeek,
  currentTrack,
  formatTime,
  isPlayerVisible,
  SEEK_STEP_SECONDS,
  seekPercent,
} from './player-logic';
import { IconButton, VolumeControl } from './player-controls';
import { PlayerPanel } from './player-panel';
import { PlayerSlider } from './player-slider';
import { adoptPrimedAudio } from './primed-audio';
import { ResumeQuestion } from './resume-question';
import { SafetyNotice } from './safety-notice';

export const PLAYER_REGION_ID = 'audio-player';
/** The bar's measured height, set on the root while it shows. */
export const BAR_HEIGHT_PROPERTY = '--player-bar-height';

/** Seconds the seek slider's keys move: an arrow as the player's own shortcut, a Page key a minute. */
const SEEK_PAGE_SECONDS = 60;

/**
 * Seek slider with m:ss labels (docs/product-rules.md §4, §5: step 0.1 %): a key press seeks at once (an arrow
 * 10 s, a Page key 60 s, Home/End the ends; docs/player.md "Length and seeking"); a drag shows its target and
 * seeks when released.
 */
function SeekRow({ player, className }: { player: PlayerValue; className?: string }) {
  const { currentTime, duration } = usePlayerProgress();
  const [dragging, setDragging] = useState<number | null>(null);
  const known = duration !== null && duration > 0;
  const shown = dragging !== null && known ? (dragging / 100) * duration : currentTime;
  return (
    <div className={cn('flex items-center gap-2 text-xs tabular-nums text-muted-foreground', className)}>
      <span className="w-12 text-right">
        <span className="sr-only">{playerText.elapsed} </span>
        {formatTime(known || currentTime > 0 ? shown : null)}
      </span>
      <PlayerSlider
        className="flex-1"
        label={playerText.seek}
        step={0.1}
        value={dragging ?? seekPercent(currentTime, duration)}
        valueText={`${formatTime(shown)} of ${formatTime(duration)}`}
        disabled={!known}
        onKeyMove={(move) => {
          if (!known) return;
          if ('to' in move) player.seek(move.to === 'start' ? 0 : duration);
          else player.seekBy(move.sign * (move.by === 'arrow' ? SEEK_STEP_SECONDS : SEEK_PAGE_SECONDS));
        }}
        onPreview={setDragging}
        onChange={(percent) => {
          if (known) player.seek(clampSeek((percent / 100) * duration, duration));
        }}
      />
      <span className="w-12">
        <span className="sr-only">{playerText.remaining} </span>
        {formatTime(duration)}
      </span>
    </div>
  );
}

/**
 * The persistent player (docs/product-rules.md §2, §4): a bar fixed at the bottom (24 units), expandable to a taller panel
 * (96) with the playlist and now-playing views. Loaded lazily by PlayerHost when something is played.
 */
export function PlayerBar({ store }: { store: PlayerStore }) {
  const player = usePlayer();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const regionRef = useRef<HTMLElement>(null);
  const [announcement, setAnnouncement] = useState('');
  const visible = isPlayerVisible(player);
  const track = currentTrack(player);

  useEffect(() => {
    // Not in the document: it has no visible controls (the bar is its UI) and no captions to show. The press
    // that showed the bar may already have started it (./primed-audio.ts).
    const primed = adoptPrimedAudio();
    const audio = primed?.element ?? new Audio();
    if (!primed) audio.preload = 'metadata';
    return connectAudio(audio, store, playSavedCopyFirst(signOwnedAudioUrl), {
      ...(primed ? { primed: { productId: primed.productId, link: primed.link } } : {}),
      artist: site.practiceName,
      onTrackChange: (next, state) =>
        setAnnouncement(playerText.announceTrack(next.title, state.currentIndex + 1, state.playlist.length)),
    });
  }, [store]);

  // The bar's height, for the room the page keeps below its end (./loaded-player.tsx): it grows while the
  // resume question shows.
  useEffect(() => {
    const region = regionRef.current;
    const root = document.documentElement.style;
    if (!region || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() =>
      root.setProperty(BAR_HEIGHT_PROPERTY, `${region.getBoundingClientRect().height}px`),
    );
    observer.observe(region);
    return () => {
      observer.disconnect();
      root.removeProperty(BAR_HEIGHT_PROPERTY);
    };
  }, [visible]);

  // Collapsing with focus inside the panel (Escape, or the panel's own controls) hands focus to the toggle.
  const setExpanded = (expanded: boolean) => {
    const focusInPanel = regionRef.current
      ?.querySelector('[data-player-panel]')
      ?.contains(document.activeElement);
    player.setExpanded(expanded);
    if (!expanded && focusInPanel) toggleRef.current?.focus();
  };

  // Escape inside the expanded player collapses it (focus returns to the toggle).
  const expanded = player.expanded;
  const collapse = player.setExpanded;
  useEffect(() => {
    if (!expanded) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || !regionRef.current?.contains(document.activeElement)) return;
      event.preventDefault();
      collapse(false);
      toggleRef.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [expanded, collapse]);

  const close = () => {
    player.close();
    // The bar goes away: keep focus on the page rather than losing it to <body>.
    document.getElementById(MAIN_CONTENT_ID)?.focus();
  };

  return (
    <>
      <SafetyNotice
        open={player.safetyNoticeOpen}
        onAcknowledge={player.acknowledgeSafety}
        onCancel={player.dismissSafety}
      />
      {visible && track && (
        <section
          ref={regionRef}
          id={PLAYER_REGION_ID}
          aria-label={playerText.regionLabel}
          className={cn(
            // Above the cookie banner while it is open; never taller than the screen (a phone on its side).
            'fixed inset-x-0 bottom-[var(--cookie-banner-height,0px)] z-40 flex max-h-[calc(100dvh-var(--cookie-banner-height,0px))] flex-col border-t-2 border-border bg-background text-foreground shadow-[0_-4px_16px_rgba(0,0,0,0.08)]',
            // The resume question adds its own height to the collapsed bar (the page's spacer follows).
            player.expanded ? 'h-96' : player.resumeOffer ? 'min-h-24' : 'h-24',
          )}
        >
          {player.resumeOffer && (
            <ResumeQuestion
              offer={player.resumeOffer}
              onAnswer={player.answerResumeOffer}
              focusOnShow={player.awaitingAnswer}
            />
          )}
          {/* Phones: the title line, the seek row, then the controls (prev/play/next centred; expand and close at
              the end). From sm: the seek row over the title and the controls side by side. */}
          <div className="mx-auto grid w-full max-w-5xl grid-cols-[minmax(0,1fr)] px-2 pt-1 [grid-template-areas:'title'_'seek'_'controls'] sm:grid-cols-[minmax(0,1fr)_auto] sm:gap-x-2 sm:px-4 sm:[grid-template-areas:'seek_seek'_'title_controls']">
            <div className="flex min-w-0 items-baseline gap-2 [grid-area:title] sm:block sm:self-center">
              <p
                className={cn(
                  'min-w-0 truncate text-sm font-semibold',
                  // On a phone an error takes the whole line (the title stays for screen readers).
                  player.error && 'max-sm:sr-only',
                )}
                title={track.title}
              >
                <span className="sr-only">{playerText.nowPlayingLabel}: </span>
                {track.title}
              </p>
              {/* A playback error replaces the category line until the next play (docs/product-rules.md §8: short, no details). */}
              <p
                role="status"
                className={cn(
                  'min-w-0 text-xs',
                  player.error
                    ? 'font-semibold leading-tight text-destructive'
                    : 'truncate text-muted-foreground max-sm:max-w-[45%] max-sm:shrink-0',
                )}
              >
                {player.error ?? track.category}
              </p>
            </div>
            <SeekRow player={player} className="[grid-area:seek]" />
            {/* No gaps on a phone (each button is 44 px, its icon 20): the middle three stay centred at 320 px. */}
            <div className="flex min-w-0 items-center [grid-area:controls] sm:gap-2">
              {/* Balances the end group on a phone, so previous/play/next sit in the middle when they fit; holds
                  the sleep timer's one-press extension while a timer runs. */}
              <span className="flex min-w-0 flex-1 sm:flex-none">
                {player.sleep?.kind === 'minutes' && (
                  <IconButton
                    label={playerText.sleepExtend}
                    onClick={player.extendSleepTimer}
                    className="w-auto gap-0.5 px-2 text-sm font-semibold tabular-nums"
                  >
                    <Moon aria-hidden="true" />
                    {playerText.sleepExtendShort}
                  </IconButton>
                )}
              </span>
              <IconButton label={playerText.previous} onClick={player.previous}>
                <SkipBack aria-hidden="true" />
              </IconButton>
              <IconButton
                label={
                  player.isLoading
                    ? playerText.loading
                    : player.isPlaying
                      ? playerText.pause
                      : playerText.play
                }
                onClick={player.togglePlay}
                variant="primary"
                data-player-toggle=""
                data-testid="player-play"
              >
                {player.isLoading ? (
                  <LoaderCircle aria-hidden="true" className="animate-spin" data-testid="player-spinner" />
                ) : player.isPlaying ? (
                  <Pause aria-hidden="true" />
                ) : (
                  <Play aria-hidden="true" />
                )}
              </IconButton>
              <IconButton label={playerText.next} onClick={player.next}>
                <SkipForward aria-hidden="true" />
              </IconButton>
              {/* Narrower screens have shuffle, repeat and volume in the expanded view instead. */}
              <IconButton
                label={playerText.shuffle}
                pressed={player.shuffle}
                onClick={player.toggleShuffle}
                className="max-md:hidden"
              >
                <Shuffle aria-hidden="true" />
              </IconButton>
              <IconButton
                label={playerText.repeat}
                pressed={player.repeat}
                onClick={player.toggleRepeat}
                className="max-md:hidden"
              >
                <Repeat aria-hidden="true" />
              </IconButton>
              <VolumeControl player={player} className="max-lg:hidden" />
              <div className="flex flex-1 justify-end sm:flex-none sm:gap-2">
                <IconButton
                  ref={toggleRef}
                  label={player.expanded ? playerText.collapse : playerText.expand}
                  aria-expanded={player.expanded}
                  aria-controls={player.expanded ? `${PLAYER_REGION_ID}-panel` : undefined}
                  onClick={() => setExpanded(!player.expanded)}
                >
                  {player.expanded ? <ChevronDown aria-hidden="true" /> : <ChevronUp aria-hidden="true" />}
                </IconButton>
                <IconButton label={playerText.close} onClick={close}>
                  <X aria-hidden="true" />
                </IconButton>
              </div>
            </div>
          </div>
          {player.expanded && <PlayerPanel id={`${PLAYER_REGION_ID}-panel`} player={player} />}
        </section>
      )}
      <p className="sr-only" aria-live="polite" aria-atomic="true">
        {announcement}
      </p>
    </>
  );
}
