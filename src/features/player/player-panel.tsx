import { Repeat, Shuffle, X } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { playerText } from '@/content/player';
import { cn } from '@/lib/cn';
import { VolumeControl } from './player-controls';
import type { PlayerValue } from './player-context';
import { currentTrack, PLAYBACK_RATES, SLEEP_MINUTES } from './player-logic';
import type { PlayerView, SleepChoice } from './player-types';
import { PlayerSaveOfflineButton } from '@/components/offline/save-offline-button';

/** Three bars that move while the row plays; still when motion is reduced (system or site setting). */
function PlayingIndicator({ playing }: { playing: boolean }) {
  return (
    <span aria-hidden="true" className="flex h-4 items-end gap-0.5" data-testid="playing-indicator">
      {[0, 150, 300].map((delay) => (
        <span
          key={delay}
          style={{ animationDelay: `${delay}ms` }}
          className={cn('w-1 rounded-sm bg-primary', playing ? 'h-4 motion-safe:animate-pulse' : 'h-2')}
        />
      ))}
    </span>
  );
}

function Playlist({ player }: { player: PlayerValue }) {
  const total = player.playlist.length;
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <p className="px-1 pb-2 text-sm text-muted-foreground">
        {playerText.trackCount(total)} · {playerText.position(player.currentIndex + 1, total)}
      </p>
      <ol className="min-h-0 flex-1 overflow-y-auto">
        {player.playlist.map((track, index) => {
          const current = index === player.currentIndex;
          return (
            <li key={track.id} className="flex items-center gap-1 border-b border-border last:border-b-0">
              <button
                type="button"
                aria-current={current ? 'true' : undefined}
                onClick={() => player.changeTrack(index)}
                className={cn(
                  'flex min-h-12 min-w-0 flex-1 cursor-pointer items-center gap-3 rounded px-2 text-left hover:bg-muted',
                  current && 'bg-primary-soft',
                )}
              >
                <span className="w-5 shrink-0 text-sm tabular-nums text-muted-foreground">
                  {current ? <PlayingIndicator playing={player.isPlaying} /> : index + 1}
                </span>
                <span className="min-w-0 flex-1">
                  <span className={cn('block truncate text-sm', current && 'font-semibold')}>
                    {track.title}
                  </span>
                  <span className="block truncate text-xs text-muted-foreground">{track.category}</span>
                </span>
                {current && player.isPlaying && (
                  <span className="sr-only">({playerText.playingIndicator})</span>
                )}
              </button>
              <button
                type="button"
                aria-label={playerText.removeFromPlaylist(track.title)}
                onClick={() => player.removeFromPlaylist(track.id)}
                className="inline-flex size-11 shrink-0 cursor-pointer items-center justify-center rounded-full hover:bg-muted [&_svg]:size-4"
              >
                <X aria-hidden="true" />
              </button>
            </li>
          );
        })}
      </ol>
    </div>
  );
}

function sleepValue(player: PlayerValue): string {
  if (!player.sleep) return 'off';
  return player.sleep.kind === 'end-of-track' ? 'end-of-track' : String(player.sleep.minutes);
}

/** The clock, ticking every 10 s while `active` (the sleep timer's minutes left). */
function useNow(active: boolean): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    if (!active) return;
    const tick = () => setNow(Date.now());
    tick();
    const interval = setInterval(tick, 10_000);
    return () => clearInterval(interval);
  }, [active]);
  return now;
}

function NowPlaying({ player }: { player: PlayerValue }) {
  const track = currentTrack(player);
  const now = useNow(player.sleep?.kind === 'minutes');
  const speedId = useId();
  const sleepId = useId();
  const selectClass = 'min-h-11 rounded-md border border-input bg-background px-2 text-sm text-foreground';
  return (
    <div className="flex min-h-0 flex-1 flex-col gap-3 overflow-y-auto px-1">
      {/* A phone's bar already shows the title on its own line: there the heading is for screen readers. */}
      <div className="max-sm:sr-only">
        <p className="text-lg font-semibold">{track?.title}</p>
        <p className="text-sm text-muted-foreground">
          {track?.category} · {playerText.position(player.currentIndex + 1, player.playlist.length)}
        </p>
      </div>
      {/* Shuffle, repeat and volume where the bar has no room for them (the bar shows them from md / lg). */}
      <div className="flex flex-wrap items-center gap-2 lg:hidden">
        <button
          type="button"
          aria-pressed={player.shuffle}
          onClick={player.toggleShuffle}
          className={cn(
            'inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-full border border-input px-3 text-sm md:hidden [&_svg]:size-4',
            player.shuffle && 'bg-primary-soft text-primary',
          )}
        >
          <Shuffle aria-hidden="true" />
          {playerText.shuffle}
        </button>
        <button
          type="button"
          aria-pressed={player.repeat}
          onClick={player.toggleRepeat}
          className={cn(
            'inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-full border border-input px-3 text-sm md:hidden [&_svg]:size-4',
            player.repeat && 'bg-primary-soft text-primary',
          )}
        >
          <Repeat aria-hidden="true" />
          {playerText.repeat}
        </button>
        <VolumeControl player={player} />
      </div>
      {/* Phones: the two choices side by side, each label over its select. */}
      <div className="grid grid-cols-2 items-end gap-x-3 gap-y-2 text-sm sm:flex sm:flex-wrap sm:items-center sm:gap-x-4">
        <label htmlFor={speedId} className="flex flex-col gap-1 sm:flex-row sm:items-center sm:gap-2">
          {playerText.speed}
          <select
            id={speedId}
            className={selectClass}
            value={String(player.rate)}
            onChange={(event) => player.setRate(Number(event.target.value))}
          >
            {PLAYBACK_RATES.map((rate) => (
              <option key={rate} value={String(rate)}>
                {playerText.speedOption(rate)}
              </option>
            ))}
          </select>
        </label>
        <label htmlFor={sleepId} className="flex flex-col gap-1 sm:flex-row sm:items-center sm:gap-2">
          {playerText.sleepTimer}
          <select
            id={sleepId}
            className={selectClass}
            value={sleepValue(player)}
            onChange={(event) => {
              const value = event.target.value;
              player.setSleepTimer(
                value === 'off'
                  ? null
                  : value === 'end-of-track'
                    ? 'end-of-track'
                    : (Number(value) as SleepChoice),
              );
            }}
          >
            <option value="off">{playerText.sleepOff}</option>
            {SLEEP_MINUTES.map((minutes) => (
              <option key={minutes} value={String(minutes)}>
                {playerText.sleepMinutes(minutes)}
              </option>
            ))}
            <option value="end-of-track">{playerText.sleepEndOfTrack}</option>
          </select>
        </label>
        {player.sleep && (
          <span className="col-span-2 text-muted-foreground">
            {player.sleep.kind === 'end-of-track'
              ? playerText.sleepActiveEndOfTrack
              : playerText.sleepActive(Math.max(1, Math.ceil((player.sleep.endsAt - now) / 60_000)))}
          </span>
        )}
      </div>
      {track ? (
        <div>
          <PlayerSaveOfflineButton
            audio={{ productId: track.productId, trackId: track.id, title: track.title, category: track.category }}
            className="min-h-11"
          />
        </div>
      ) : null}
      <p className="text-xs text-muted-foreground">{playerText.shortcuts}</p>
    </div>
  );
}

const VIEWS: { id: PlayerView; label: string }[] = [
  { id: 'playlist', label: playerText.playlistTab },
  { id: 'now-playing', label: playerText.nowPlayingTab },
];

/** The expanded part: a playlist view and a now-playing view (docs/product-rules.md §4), as two tabs. */
export function PlayerPanel({ id, player }: { id: string; player: PlayerValue }) {
  const baseId = useId();
  const select = (view: PlayerView) => {
    player.setView(view);
    document.getElementById(`${baseId}-${view}`)?.focus();
  };
  return (
    <div
      id={id}
      data-player-panel
      className="mx-auto flex min-h-0 w-full max-w-5xl flex-1 flex-col px-2 pb-2 sm:px-4"
    >
      <div
        role="tablist"
        aria-label={playerText.regionLabel}
        className="mb-2 flex gap-1 border-b border-border"
      >
        {VIEWS.map((view) => {
          const selected = player.view === view.id;
          return (
            <button
              key={view.id}
              id={`${baseId}-${view.id}`}
              type="button"
              role="tab"
              aria-selected={selected}
              aria-controls={`${baseId}-${view.id}-panel`}
              tabIndex={selected ? 0 : -1}
              onClick={() => player.setView(view.id)}
              onKeyDown={(event) => {
                if (event.key === 'ArrowRight' || event.key === 'ArrowLeft') {
                  event.preventDefault();
                  select(view.id === 'playlist' ? 'now-playing' : 'playlist');
                }
              }}
              className={cn(
                '-mb-px min-h-11 cursor-pointer border-b-2 px-3 text-sm font-semibold',
                selected
                  ? 'border-primary text-primary'
                  : 'border-transparent text-muted-foreground hover:text-foreground',
              )}
            >
              {view.label}
              {view.id === 'playlist' && ` (${player.playlist.length})`}
            </button>
          );
        })}
      </div>
      <div
        id={`${baseId}-${player.view}-panel`}
        role="tabpanel"
        aria-labelledby={`${baseId}-${player.view}`}
        className="flex min-h-0 flex-1 flex-col"
      >
        {player.view === 'playlist' ? <Playlist player={player} /> : <NowPlaying player={player} />}
      </div>
    </div>
  );
}
