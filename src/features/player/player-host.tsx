import { lazy, Suspense } from 'react';
import { useLoadedPlayerStore } from './player-handle';

// The bar, the media element and the safety notice load only once something is played (or a saved playlist
// is restored): nothing of them, nor the player's hooks, is in a page's first JavaScript. They load with the
// store (one chunk: the host's part and the bar).
const LoadedPlayer = lazy(() => import('./loaded-player').then((m) => ({ default: m.LoadedPlayer })));

/** Where the player lives in the layout; pads the page so the fixed bar never hides its end. */
export function PlayerHost() {
  const store = useLoadedPlayerStore();
  return store ? (
    <Suspense fallback={null}>
      <LoadedPlayer store={store} />
    </Suspense>
  ) : null;
}
