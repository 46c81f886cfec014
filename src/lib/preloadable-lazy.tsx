import { lazy, type ComponentType } from 'react';

export interface PreloadableLazy {
  /** Renders the component: synchronously once loaded, otherwise suspending (React.lazy) while it loads. */
  Component: () => React.JSX.Element;
  /** Loads the code ahead of rendering, so a render after it is synchronous (no flash, no hydration mismatch). */
  preload: () => Promise<void>;
}

/**
 * A component loaded on demand that can also be loaded ahead (e.g. before hydration). One load, shared by
 * preload() and React.lazy, so whatever runs on preload()'s promise runs before React renders it; a failed
 * load is tried again next time.
 */
export function preloadableLazy(load: () => Promise<ComponentType>): PreloadableLazy {
  let Loaded: ComponentType | null = null;
  let loading: Promise<{ default: ComponentType }> | null = null;
  const resolve = () =>
    (loading ??= load().then(
      (component) => {
        Loaded = component;
        return { default: component };
      },
      (error: unknown) => {
        loading = null;
        throw error;
      },
    ));
  const Lazy = lazy(resolve);
  return {
    Component: () => (Loaded ? <Loaded /> : <Lazy />),
    preload: async () => {
      await resolve();
    },
  };
}
