import { lazy, useEffect, type ComponentType } from 'react';

export interface PageModule {
  Component: ComponentType;
}

export interface LazyPage {
  (): React.JSX.Element;
  /** Loads the module ahead of rendering, so a render after it is synchronous (no flash, no mismatch). */
  preload: () => Promise<void>;
}

/**
 * Marks <html> once the page itself is interactive: on a prerendered page the chrome hydrates first and the
 * page's Suspense boundary when its module has arrived (src/main.tsx). End-to-end tests wait for it.
 */
function useHydratedMarker() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
}

/** A page component loaded on demand, which renders synchronously once preloaded. */
export function lazyPage(load: () => Promise<PageModule>): LazyPage {
  let Loaded: ComponentType | null = null;
  let loading: Promise<{ default: ComponentType }> | null = null;
  // One load per page, shared by preload() and React.lazy, so whatever runs on preload()'s promise runs
  // before React renders the page.
  const resolve = () =>
    (loading ??= load().then(
      (module) => {
        Loaded = module.Component;
        return { default: module.Component };
      },
      (error: unknown) => {
        loading = null;
        throw error;
      },
    ));
  const Lazy = lazy(resolve);
  const Page = (() => {
    useHydratedMarker();
    return Loaded ? <Loaded /> : <Lazy />;
  }) as LazyPage;
  Page.preload = async () => {
    await resolve();
  };
  return Page;
}
