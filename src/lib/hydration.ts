import { startTransition, useEffect, useState, useSyncExternalStore } from 'react';

// A prerendered page hydrates with what the prerender knew (no stored choices, no session, an empty cart) and
// then shows what only the browser knows. useSyncExternalStore alone would make that second render synchronous
// (one long main-thread task right after hydration, re-rendering the header, footer and page); here it is a
// transition, which React renders in small slices.
//
// Whether a component is being hydrated is per component, not per page: React hydrates the page's Suspense
// boundary in a later pass than the chrome around it. Each component asks React, with the documented
// contract of useSyncExternalStore: its getServerSnapshot is "used only during server rendering and during
// hydration" (react.dev, useSyncExternalStore). Nothing depends on when or how often React calls it.

const noSubscription = () => () => {};
const yes = () => true;
const no = () => false;

/** True while React is hydrating (or server-rendering) the calling component, false in the browser after. */
function useIsHydrating(): boolean {
  return useSyncExternalStore(noSubscription, no, yes);
}

/**
 * useSyncExternalStore, except that a component React hydrates keeps the server snapshot (what the
 * prerendered HTML shows) until a transition once the page has hydrated; a component rendered in the browser
 * reads the store directly.
 */
export function useHydratedStore<T>(
  subscribe: (onChange: () => void) => () => void,
  getSnapshot: () => T,
  getServerSnapshot: () => T,
): T {
  // Decided on the first render: hydrated (keep the server snapshot for now) or rendered in the browser.
  // After hydration React renders this component once more for useIsHydrating (a small synchronous render
  // of this component alone: what it returns is unchanged until the switch below). A provider calling this
  // must give its context the same value in that render (useMemo): a new one makes React hydrate all of the
  // page not yet hydrated below it in that synchronous render (docs/decisions/0002-first-js-budget.md).
  const hydrating = useIsHydrating();
  const [live, setLive] = useState(!hydrating);
  useEffect(() => {
    if (live) return;
    // Once the browser is idle, that is once React has hydrated the rest of the page too (it hydrates the
    // page's Suspense boundary in later, sliced tasks): a provider's new value reaching a part of the page
    // still to be hydrated would make it render other markup than the prerender (a hydration error).
    const goLive = () => startTransition(() => setLive(true));
    if (typeof requestIdleCallback !== 'function') {
      const timer = setTimeout(goLive, 0);
      return () => clearTimeout(timer);
    }
    const handle = requestIdleCallback(goLive);
    return () => cancelIdleCallback(handle);
  }, [live]);
  return useSyncExternalStore(subscribe, live ? getSnapshot : getServerSnapshot, getServerSnapshot);
}

/**
 * False while prerendering and while a component hydrates, true afterwards and for components rendered in the
 * browser: for UI that depends on what only the browser knows (the query string, stored preferences) and so
 * must not be in the prerendered HTML.
 */
export function useHydrated(): boolean {
  return useHydratedStore(noSubscription, yes, no);
}
