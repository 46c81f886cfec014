import { lazy, type ComponentType } from 'react';

export interface PageModule {
  Component: ComponentType;
}

export interface LazyPage {
  (): React.JSX.Element;
  /** Loads the module ahead of rendering, so hydration renders it synchronously (no flash, no mismatch). */
  preload: () => Promise<void>;
}

/** A page component loaded on demand, which renders synchronously once preloaded. */
export function lazyPage(load: () => Promise<PageModule>): LazyPage {
  let Loaded: ComponentType | null = null;
  const resolve = async () => {
    const module = await load();
    Loaded = module.Component;
    return { default: module.Component };
  };
  const Lazy = lazy(resolve);
  const Page = (() => (Loaded ? <Loaded /> : <Lazy />)) as LazyPage;
  Page.preload = async () => {
    await resolve();
  };
  return Page;
}
