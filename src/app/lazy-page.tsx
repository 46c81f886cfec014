import { useEffect, useLayoutEffect, type ComponentType } from 'react';
import { MAIN_CONTENT_ID } from '@/components/layout/skip-links';
import { PAGE_HEAD_ATTRIBUTE } from '@/components/seo/page-head';
import { claimAndReplayEarlyInput } from '@/lib/early-input';
import { preloadableLazy } from '@/lib/preloadable-lazy';

export interface PageModule {
  Component: ComponentType;
}

export interface LazyPage {
  (): React.JSX.Element;
  /** Loads the module ahead of rendering, so a render after it is synchronous (no flash, no mismatch). */
  preload: () => Promise<void>;
}

/**
 * Marks <html> once the page itself is interactive (when `ready`): on a prerendered page the chrome hydrates
 * first and the page's Suspense boundary when its module has arrived (src/main.tsx), or an adopted page's
 * islands once mounted. End-to-end tests wait for it.
 */
export function useHydratedMarker(ready = true) {
  useEffect(() => {
    if (!ready) return;
    document.documentElement.dataset.hydrated = 'true';
    // The page's markup is React's now: presses in it reach React, those made before are made again.
    const main = document.getElementById(MAIN_CONTENT_ID);
    if (main) claimAndReplayEarlyInput(main);
  }, [ready]);
}

/**
 * Once a page has rendered its own <title>/<meta>/<link>, the prerendered ones it did not reuse (seo.tsx).
 * Replaced, never removed first: the document always has a title.
 */
export function removeStalePrerenderedHead(): void {
  document.head
    .querySelectorAll(`[data-prerendered]:not([${PAGE_HEAD_ATTRIBUTE}])`)
    .forEach((node) => node.remove());
}

/**
 * A page about to be hydrated (not adopted): React adopts the prerendered <title>/<meta>/<link> as the page's
 * own and removes them itself when the page goes, so none of them is stale. Hydration keeps a reused tag's
 * attributes as they are, so without this the page's own tags would look stale and be removed under React
 * (which then fails to remove them: "Cannot read properties of null (reading 'removeChild')").
 */
export function handPrerenderedHeadToReact(): void {
  document.head.querySelectorAll('[data-prerendered]').forEach((node) => node.removeAttribute('data-prerendered'));
}

/** A page component loaded on demand, which renders synchronously once preloaded. */
export function lazyPage(load: () => Promise<PageModule>): LazyPage {
  const page = preloadableLazy(() => load().then((module) => module.Component));
  const Page = (() => {
    // The page's own <title>/<meta>/<link> are in the document by now (this commit): the stale prerendered
    // ones go in the same task.
    useLayoutEffect(removeStalePrerenderedHead, []);
    useHydratedMarker();
    return <page.Component />;
  }) as LazyPage;
  Page.preload = page.preload;
  return Page;
}
