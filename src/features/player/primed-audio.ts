// First play within 300 ms (docs/audio-links.md "Minted ahead"): the first press on a page must not wait for the
// player bar's code, React's commit and the bar's effect before the media element even exists. When the press
// finds its link already minted, the press handler itself creates the element and calls play() (which also
// keeps the user's gesture, as iOS requires); the bar's engine adopts that element when it mounts
// (audio-engine.ts `primed`). Until then this follows the store: another track or a pause stops it.
import { findSavedAudio } from '@/lib/offline/saved-audio-index';
import { takeMintedOwnedAudioUrl, type SignedAudioUrl } from '@/lib/audio-storage';
import { currentTrack, resumesAt } from './player-logic';
import type { PlayerStore } from './player-store';

export interface PrimedAudio {
  element: HTMLAudioElement;
  productId: string;
  /** The link it plays, for the engine's refresh before it expires. */
  link: SignedAudioUrl;
}

let primed: (PrimedAudio & { unfollow: () => void }) | null = null;

function drop(): void {
  if (!primed) return;
  const { element, unfollow } = primed;
  primed = null;
  unfollow();
  element.pause();
  element.removeAttribute('src');
  element.load();
}

/**
 * Called right after a press was applied to `store`: when it set a track playing and no media element is
 * connected yet, starts that track on a new element with the link minted ahead, in the press's own handler.
 * Does nothing when no link waits, the track is kept on this device (its copy plays through the engine), or
 * the press did not start playing (the safety notice asks first). True when it started one.
 */
export function startPrimedPlay(store: PlayerStore): boolean {
  drop(); // an earlier press not yet adopted: this press decides
  const state = store.getSnapshot();
  const track = currentTrack(state);
  const account = store.accountId();
  if (!track || !state.isPlaying || !account || store.engineAttached() || typeof Audio === 'undefined')
    return false;
  if (findSavedAudio(track.productId, account)) return false;
  const link = takeMintedOwnedAudioUrl(account, track.productId);
  if (!link) return false;

  const element = new Audio();
  element.preload = 'auto';
  element.volume = Math.max(0, Math.min(1, state.volume));
  element.muted = state.volume === 0;
  element.defaultPlaybackRate = state.rate;
  element.playbackRate = state.rate;
  const resumeAt = store.resumePosition(track.productId) || null;
  if (resumeAt !== null) {
    element.addEventListener(
      'loadedmetadata',
      () => {
        const duration = Number.isFinite(element.duration) ? element.duration : null;
        if (resumesAt(resumeAt, duration)) element.currentTime = resumeAt;
      },
      { once: true },
    );
  }
  element.src = link.url;
  const productId = track.productId;
  const unfollow = store.subscribe(() => {
    const now = store.getSnapshot();
    if (!now.isPlaying || currentTrack(now)?.productId !== productId) drop();
  });
  primed = { element, productId, link, unfollow };
  // A refusal (autoplay policy, a failed source) is the engine's to handle once it adopts the element: it
  // finds it paused or in error, and plays or loads again as usual.
  void element.play().catch(() => undefined);
  return true;
}

/** The element a press started, handed to the engine once (null if none waits). */
export function adoptPrimedAudio(): PrimedAudio | null {
  if (!primed) return null;
  const { unfollow, ...adopted } = primed;
  primed = null;
  unfollow();
  return adopted;
}
