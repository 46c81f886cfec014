import { startTransition, useEffect, useState, useSyncExternalStore } from 'react';

// A prerendered page hydrates with what the prerender knew (no stored choices, no session, an empty cart) and
// then shows what only the browser knows. useSyncExternalStore alone would make that second render synchronous
// (one long main-thread task right after hydration, re-rendering the header, footer and page); here it is a
// transition, which React renders in small slices.

let hydrating = false;

const noSubscription = () => () => {};
const yes = () => true;
const no = () => false;

/** src/main.tsx calls this before hydrating a prerendered page; a client-only render never does. */
export function beginHydration(): void {
  hydrating = true;
}

/**
 * useSyncExternalStore, except that while the page hydrates (and until a transition after it) it reads the
 * server snapshot, so hydration matches the prerendered HTML and the switch to the browser's value is one
 * low-priority render. Components mounted after hydration read the store directly.
 */
export function useHydratedStore<T>(
  subscribe: (onChange: () => void) => () => void,
  getSnapshot: () => T,
  getServerSnapshot: () => T,
): T {
  const [deferred, setDeferred] = useState(hydrating);
  useEffect(() => {
    // Every component of the hydrated tree has rendered by the time any effect runs.
    hydrating = false;
    if (deferred) startTransition(() => setDeferred(false));
  }, [deferred]);
  return useSyncExternalStore(subscribe, deferred ? getServerSnapshot : getSnapshot, getServerSnapshot);
}

/**
 * False while prerendering and during hydration, true afterwards: for UI that depends on what only the
 * browser knows (the query string, stored preferences) and so must not be in the prerendered HTML.
 */
export function useHydrated(): boolean {
  return useHydratedStore(noSubscription, yes, no);
}
