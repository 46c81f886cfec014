import { useEffect } from 'react';
import { BAR_HEIGHT_PROPERTY, PlayerBar } from './player-bar';
import { usePlayer } from './player-context';
import { isPlayerVisible } from './player-current-track';
import type { PlayerStore } from './player-store';

/**
 * The player once its store has loaded (src/features/player/player-host.tsx loads this module then): the bar,
 * the media element and the safety notice, and the room the fixed bar takes at the end of the page.
 */
export function LoadedPlayer({ store }: { store: PlayerStore }) {
  const player = usePlayer();
  const visible = isPlayerVisible(player);
  const expanded = player.expanded;
  // What keyboard focus scrolls to clears the fixed bar too (WCAG 2.4.11), above the cookie banner if it is open.
  useEffect(() => {
    if (!visible) return;
    const style = document.documentElement.style;
    style.setProperty(
      'scroll-padding-bottom',
      `calc(var(--cookie-banner-height, 0px) + 0.5rem + var(${BAR_HEIGHT_PROPERTY}, ${expanded ? '24rem' : '6rem'}))`,
    );
    return () => {
      style.removeProperty('scroll-padding-bottom');
    };
  }, [visible, expanded]);
  if (!visible && !player.safetyNoticeOpen) return null;
  return (
    <>
      {visible && (
        <div
          aria-hidden="true"
          className="shrink-0"
          // The bar as measured (taller while the resume question shows); its usual height until measured.
          style={{ height: `var(${BAR_HEIGHT_PROPERTY}, ${player.expanded ? '24rem' : '6rem'})` }}
        />
      )}
      <PlayerBar store={store} />
    </>
  );
}
