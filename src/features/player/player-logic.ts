// The player's rules (docs/product-rules.md §4 "Player", §5, §9) as pure functions of the state: no media element, no storage.
import { currentTrack, isPlayerVisible } from './player-current-track';
import type { PlayerState, Track } from './player-types';

/** docs/product-rules.md §9: previous restarts the track when more than this many seconds have played. */
export const RESTART_THRESHOLD_SECONDS = 3;
/** docs/product-rules.md §9: Left/Right arrows seek by this many seconds. */
export const SEEK_STEP_SECONDS = 10;
/** docs/product-rules.md §9: Up/Down arrows change the volume by this much (10 percent). */
export const VOLUME_STEP = 0.1;
export const PLAYBACK_RATES = [0.75, 1, 1.25, 1.5] as const;
export const SLEEP_MINUTES = [15, 30, 45, 60] as const;

// In their own module: the layout's player host needs them in every page's first JavaScript, the rest of the
// rules only once the player's store has loaded.
export { currentTrack, isPlayerVisible };

/** Moves to another index: the new track loads from 0 and plays if the player was playing. */
function goTo(state: PlayerState, index: number): PlayerState {
  return {
    ...state,
    currentIndex: index,
    loadKey: state.loadKey + 1,
    isLoading: state.isPlaying,
    error: null,
  };
}

/** Plays `track` with `playlist` (just the track when none): index of the track in it, 0 if not found. */
export function playTrack(state: PlayerState, track: Track, playlist?: readonly Track[]): PlayerState {
  const list = playlist && playlist.length > 0 ? dedupe(playlist) : [track];
  const found = list.findIndex((item) => item.id === track.id);
  return {
    ...state,
    playlist: list,
    currentIndex: found === -1 ? 0 : found,
    isOpen: true,
    isPlaying: true,
    isLoading: true,
    error: null,
    loadKey: state.loadKey + 1,
  };
}

function dedupe(tracks: readonly Track[]): Track[] {
  const seen = new Set<string>();
  return tracks.filter((track) => !seen.has(track.id) && (seen.add(track.id), true));
}

/** Adds tracks at the end, skipping any already in the playlist; an empty player opens (paused) on the first. */
export function addToPlaylist(state: PlayerState, tracks: readonly Track[]): PlayerState {
  const fresh = dedupe(tracks).filter((track) => !state.playlist.some((item) => item.id === track.id));
  if (fresh.length === 0) return state;
  const wasEmpty = state.playlist.length === 0;
  return {
    ...state,
    playlist: [...state.playlist, ...fresh],
    ...(wasEmpty
      ? { currentIndex: 0, isOpen: true, isPlaying: false, isLoading: false, loadKey: state.loadKey + 1 }
      : {}),
  };
}

/**
 * Removes a track. Removing one before the current track keeps the same track current (index - 1); removing
 * the current track makes the next one current (the last one when it was last); an empty playlist hides the
 * player.
 */
export function removeFromPlaylist(state: PlayerState, trackId: string): PlayerState {
  const removed = state.playlist.findIndex((track) => track.id === trackId);
  if (removed === -1) return state;
  const playlist = state.playlist.filter((_, index) => index !== removed);
  if (playlist.length === 0) {
    return {
      ...state,
      playlist,
      currentIndex: 0,
      isOpen: false,
      isPlaying: false,
      isLoading: false,
      expanded: false,
    };
  }
  if (removed < state.currentIndex) return { ...state, playlist, currentIndex: state.currentIndex - 1 };
  if (removed > state.currentIndex) return { ...state, playlist };
  return goTo({ ...state, playlist }, Math.min(removed, playlist.length - 1));
}

/** Selects a track by index; an index outside the list changes nothing. */
export function changeTrack(state: PlayerState, index: number): PlayerState {
  if (!Number.isInteger(index) || index < 0 || index >= state.playlist.length) return state;
  return goTo(state, index);
}

/**
 * The next index: with shuffle a random one (never the current track when there is more than one), else the
 * next, wrapping to the first. `random` returns [0, 1).
 */
export function nextIndex(state: PlayerState, random: () => number = Math.random): number {
  const count = state.playlist.length;
  if (count <= 1) return 0;
  if (state.shuffle) {
    // One of the other count - 1 tracks, uniformly.
    const pick = Math.min(count - 2, Math.floor(random() * (count - 1)));
    return pick >= state.currentIndex ? pick + 1 : pick;
  }
  return (state.currentIndex + 1) % count;
}

export function next(state: PlayerState, random: () => number = Math.random): PlayerState {
  if (state.playlist.length === 0) return state;
  return goTo(state, nextIndex(state, random));
}

/** Previous: 'restart' when more than 3 s have played, else the previous track, wrapping to the last. */
export function previous(state: PlayerState, playedSeconds: number): PlayerState | 'restart' {
  if (playedSeconds > RESTART_THRESHOLD_SECONDS || state.playlist.length === 0) return 'restart';
  const count = state.playlist.length;
  return goTo(state, (state.currentIndex - 1 + count) % count);
}

/**
 * What happens when the current track ends: repeat plays it again; a sleep timer set to the end of the track
 * stops; otherwise the next track (random with shuffle), stopping after the last one.
 */
export function trackEnded(state: PlayerState, random: () => number = Math.random): PlayerState {
  if (state.sleep?.kind === 'end-of-track')
    return { ...state, isPlaying: false, isLoading: false, sleep: null };
  if (state.repeat) return { ...state, loadKey: state.loadKey + 1, isPlaying: true, isLoading: true };
  const last = state.currentIndex >= state.playlist.length - 1;
  if (!state.shuffle && last) return { ...state, isPlaying: false, isLoading: false };
  return next({ ...state, isPlaying: true }, random);
}

export function clampVolume(volume: number): number {
  if (!Number.isFinite(volume)) return 0;
  return Math.round(Math.min(1, Math.max(0, volume)) * 100) / 100;
}

/** Sets the volume (0..1); 0 is muted. */
export function setVolume(state: PlayerState, volume: number): PlayerState {
  const clamped = clampVolume(volume);
  return { ...state, volume: clamped, lastVolume: clamped > 0 ? clamped : state.lastVolume };
}

/** Mute saves the volume; unmute restores it (full volume if none was saved). */
export function toggleMute(state: PlayerState): PlayerState {
  if (state.volume > 0) return { ...state, volume: 0, lastVolume: state.volume };
  return { ...state, volume: state.lastVolume > 0 ? state.lastVolume : 1 };
}

/** The slider's 0..100 for a 0..1 volume. */
export function volumePercent(volume: number): number {
  return Math.round(clampVolume(volume) * 100);
}

/** Seek target clamped to 0..duration (0..∞ while the duration is unknown). */
export function clampSeek(seconds: number, duration: number | null): number {
  if (!Number.isFinite(seconds) || seconds < 0) return 0;
  if (duration !== null && Number.isFinite(duration) && seconds > duration) return duration;
  return seconds;
}

/** Where a track starts when it was left at `resumeAt`: there, unless that is within 5 s of its end. */
export function resumesAt(resumeAt: number | null, duration: number | null): resumeAt is number {
  return resumeAt !== null && (duration === null || resumeAt < duration - 5);
}

/** m:ss (h:mm:ss from an hour), '--:--' when unknown. */
export function formatTime(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds) || seconds < 0) return '--:--';
  const whole = Math.floor(seconds);
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = String(whole % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** The seek slider's 0..100 position (step 0.1 percent, docs/product-rules.md §5). */
export function seekPercent(currentTime: number, duration: number | null): number {
  if (!duration || !Number.isFinite(duration) || duration <= 0) return 0;
  return Math.round((Math.min(currentTime, duration) / duration) * 1000) / 10;
}

export type ShortcutAction = 'toggle-play' | 'seek-back' | 'seek-forward' | 'volume-up' | 'volume-down';

const TEXT_INPUT_TYPES = new Set([
  '',
  'text',
  'search',
  'email',
  'password',
  'tel',
  'url',
  'number',
  'date',
  'time',
]);

/** Whether focus is in a text field (where the player's shortcuts never apply). */
export function isTextField(element: Element | null): boolean {
  if (!element) return false;
  const tag = element.tagName;
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (tag === 'INPUT') return TEXT_INPUT_TYPES.has(((element as HTMLInputElement).type || '').toLowerCase());
  return (
    (element as HTMLElement).isContentEditable === true || element.getAttribute('contenteditable') === 'true'
  );
}

/** Controls that use the key themselves (Space presses a button; arrows move a slider or tab). */
function handlesKey(element: Element | null, key: string): boolean {
  if (!element) return false;
  if (key === ' ')
    return (
      element.closest(
        'button, a[href], summary, [role="button"], [role="tab"], [role="switch"], [role="checkbox"], [role="radio"], [role="menuitem"], [role="option"]',
      ) !== null
    );
  return (
    element.closest(
      '[role="slider"], [role="tab"], [role="radio"], [role="menuitem"], [role="option"], [role="listbox"], [role="menu"], [role="tablist"]',
    ) !== null
  );
}

/**
 * The shortcut a key press means while the player is open (docs/product-rules.md §9): Space, Left/Right, Up/Down. Nothing in a
 * text field, with a modifier, or on a control that uses that key itself.
 */
export function shortcutFor(
  event: Pick<KeyboardEvent, 'key' | 'altKey' | 'ctrlKey' | 'metaKey'>,
  target: Element | null,
): ShortcutAction | null {
  if (event.altKey || event.ctrlKey || event.metaKey || isTextField(target)) return null;
  const action: ShortcutAction | undefined = (
    {
      ' ': 'toggle-play',
      ArrowLeft: 'seek-back',
      ArrowRight: 'seek-forward',
      ArrowUp: 'volume-up',
      ArrowDown: 'volume-down',
    } as const
  )[event.key as ' '];
  if (!action || handlesKey(target, event.key)) return null;
  return action;
}

/** Sleep timer: the volume factor while fading out over the last `fadeSeconds` before `endsAt`. */
export function fadeFactor(now: number, endsAt: number, fadeSeconds: number): number {
  const left = (endsAt - now) / 1000;
  if (left <= 0) return 0;
  if (left >= fadeSeconds) return 1;
  return left / fadeSeconds;
}
