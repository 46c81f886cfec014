import type { PlayerState, Track } from './player-types';

export function currentTrack(state: PlayerState): Track | null {
  return state.playlist[state.currentIndex] ?? null;
}

/** The bar is shown only while open with a current track. */
export function isPlayerVisible(state: PlayerState): boolean {
  return state.isOpen && currentTrack(state) !== null;
}
