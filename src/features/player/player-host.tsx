import { lazy, Suspense } from 'react';
import { useLoadedPlayerStore } from './player-handle';

// The bar, the media element and the safety notice load only once something is played (or a saved playlist
// is restored): nothing of them, nor the player's hooks, is in a page's first JavaScript. They load with the
// store (one chunk: the host's part and the bar).
const LoadedPlayer = lazy(() => loadPlayerBar().then((m) => ({ default: m.LoadedPlayer })));

/** The player's code (the host's part and the bar): fetched on the first play, or earlier while a list of audio
 * waits for a press. */
export function loadPlayerBar() {
  return import('./loaded-player');
}

/** Where the player lives in the layout; pads the page so the fixed bar never hides its end. */
export function PlayerHost() {
  const store = useLoadedPlayerStore();
  return store ? (
    <Suspense fallback={null}>
      <LoadedPlayer store={store} />
    </Suspense>
  ) : null;
}
