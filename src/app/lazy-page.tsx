import { useEffect, type ComponentType } from 'react';
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
    if (ready) document.documentElement.dataset.hydrated = 'true';
  }, [ready]);
}

/** A page component loaded on demand, which renders synchronously once preloaded. */
export function lazyPage(load: () => Promise<PageModule>): LazyPage {
  const page = preloadableLazy(() => load().then((module) => module.Component));
  const Page = (() => {
    useHydratedMarker();
    return <page.Component />;
  }) as LazyPage;
  Page.preload = page.preload;
  return Page;
}
