import { lazy, Suspense, useEffect } from 'react';
import { useLoadedPlayerStore, usePlayer } from './player-context';
import { isPlayerVisible } from './player-current-track';
import type { PlayerStore } from './player-store';

// The bar, the media element and the safety notice load only once something is played (or a saved playlist
// is restored): nothing of them is in a page's first JavaScript.
const PlayerBar = lazy(() => loadPlayerBar().then((m) => ({ default: m.PlayerBar })));

/** The bar's code: fetched on the first play, or earlier while a list of audio waits for a press. */
export function loadPlayerBar() {
  return import('./player-bar');
}

/** Where the player lives in the layout; pads the page so the fixed bar never hides its end. */
export function PlayerHost() {
  const store = useLoadedPlayerStore();
  return store ? <LoadedPlayer store={store} /> : null;
}

function LoadedPlayer({ store }: { store: PlayerStore }) {
  const player = usePlayer();
  const visible = isPlayerVisible(player);
  const expanded = player.expanded;
  // What keyboard focus scrolls to clears the fixed bar too (WCAG 2.4.11), above the cookie banner if it is open.
  useEffect(() => {
    if (!visible) return;
    const style = document.documentElement.style;
    style.setProperty(
      'scroll-padding-bottom',
      `calc(var(--cookie-banner-height, 0px) + 0.5rem + ${expanded ? '24rem' : '6rem'})`,
    );
    return () => {
      style.removeProperty('scroll-padding-bottom');
    };
  }, [visible, expanded]);
  if (!visible && !player.safetyNoticeOpen) return null;
  return (
    <>
      {visible && <div aria-hidden="true" className={player.expanded ? 'h-96 shrink-0' : 'h-24 shrink-0'} />}
      <Suspense fallback={null}>
        <PlayerBar store={store} />
      </Suspense>
    </>
  );
}
