import { lazy, Suspense } from 'react';
import { usePlayer } from './player-context';
import { isPlayerVisible } from './player-logic';

// The bar, the media element and the safety notice load only once something is played (or a saved playlist
// is restored): nothing of them is in a page's first JavaScript.
const PlayerBar = lazy(() => import('./player-bar').then((m) => ({ default: m.PlayerBar })));

/** Where the player lives in the layout; pads the page so the fixed bar never hides its end. */
export function PlayerHost() {
  const player = usePlayer();
  const visible = isPlayerVisible(player);
  if (!visible && !player.safetyNoticeOpen) return null;
  return (
    <>
      {visible && <div aria-hidden="true" className={player.expanded ? 'h-96 shrink-0' : 'h-24 shrink-0'} />}
      <Suspense fallback={null}>
        <PlayerBar />
      </Suspense>
    </>
  );
}
