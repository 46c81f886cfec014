import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { useAccessibilitySettings } from './accessibility-provider';

const POLL_MS = 100;
const MAX_WAIT_MS = 3000;

/**
 * Speaks the new page's title after each client-side navigation (not on the first page: the screen reader
 * reads that itself). Pages load on demand and set their title when they render, so it waits for the title
 * to change, and speaks whatever title there is after a few seconds at most.
 */
export function RouteAnnouncer() {
  const { pathname } = useLocation();
  const { announce } = useAccessibilitySettings();
  const previous = useRef<{ pathname: string; title: string } | null>(null);

  useEffect(() => {
    const last = previous.current;
    previous.current = { pathname, title: document.title };
    if (!last || last.pathname === pathname) return;
    let waited = 0;
    const timer = window.setInterval(() => {
      waited += POLL_MS;
      const title = document.title;
      // While the next page loads its title can be briefly empty: wait for a real one.
      if ((title && title !== last.title) || waited >= MAX_WAIT_MS) {
        window.clearInterval(timer);
        if (previous.current) previous.current.title = title;
        announce(title);
      }
    }, POLL_MS);
    return () => window.clearInterval(timer);
  }, [pathname, announce]);

  return null;
}
