// The page's visibility, for positions between devices (docs/listening-positions.md). Hidden: the page may never
// come back (tab closed, phone locked), so the position goes now, with keepalive. Visible again, or every 15 s
// while it sits paused on screen: another device may have moved on, so the account's positions are read again
// (never mid-listen).
import type { PlayerStore } from './player-store';

/** How often the account's positions are read again while the player is open, paused and on screen. */
export const REMOTE_POSITIONS_EVERY_MS = 15_000;

type VisibilityStore = Pick<PlayerStore, 'getSnapshot' | 'refreshRemotePositions'>;

/** Follows `doc`'s visibility; `hidden` saves the position at once. Returns the removal. */
export function watchPageVisibility(
  store: VisibilityStore,
  hidden: () => void,
  doc: Document = document,
): () => void {
  const onVisibility = () => {
    if (doc.visibilityState === 'hidden') hidden();
    else void store.refreshRemotePositions();
  };
  doc.addEventListener('visibilitychange', onVisibility);
  const timer = setInterval(() => {
    if (doc.visibilityState === 'visible' && !store.getSnapshot().isPlaying)
      void store.refreshRemotePositions();
  }, REMOTE_POSITIONS_EVERY_MS);
  return () => {
    clearInterval(timer);
    doc.removeEventListener('visibilitychange', onVisibility);
  };
}
