import { startTransition, useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';

// A prerendered page hydrates with what the prerender knew (no stored choices, no session, an empty cart) and
// then shows what only the browser knows. useSyncExternalStore alone would make that second render synchronous
// (one long main-thread task right after hydration, re-rendering the header, footer and page); here it is a
// transition, which React renders in small slices.
//
// Whether a component is being hydrated is per component, not per page: React hydrates the page's Suspense
// boundary in a later pass than the chrome around it, after the chrome's effects have run. React reads
// getServerSnapshot only while hydrating, so that call is what marks a component as hydrated.

const noSubscription = () => () => {};
const yes = () => true;
const no = () => false;

/**
 * useSyncExternalStore, except that a component React hydrates keeps the server snapshot (what the
 * prerendered HTML shows) until a transition after its hydration; a component rendered in the browser reads
 * the store directly.
 */
export function useHydratedStore<T>(
  subscribe: (onChange: () => void) => () => void,
  getSnapshot: () => T,
  getServerSnapshot: () => T,
): T {
  const hydrated = useRef(false);
  const [live, setLive] = useState(false);
  const readServer = useCallback(() => {
    hydrated.current = true;
    return getServerSnapshot();
  }, [getServerSnapshot]);
  // React compares this after the commit and on every store change: until the switch, a hydrated component
  // reads the server snapshot there too, or React would re-render it at once, synchronously.
  const read = useCallback(
    () => (hydrated.current && !live ? getServerSnapshot() : getSnapshot()),
    [live, getSnapshot, getServerSnapshot],
  );
  useEffect(() => {
    if (hydrated.current && !live) startTransition(() => setLive(true));
  }, [live]);
  return useSyncExternalStore(subscribe, read, readServer);
}

/**
 * False while prerendering and while a component hydrates, true afterwards and for components rendered in the
 * browser: for UI that depends on what only the browser knows (the query string, stored preferences) and so
 * must not be in the prerendered HTML.
 */
export function useHydrated(): boolean {
  return useHydratedStore(noSubscription, yes, no);
}
