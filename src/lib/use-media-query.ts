import { useSyncExternalStore } from 'react';

/**
 * Whether the CSS media `query` matches now, following its changes. The prerender and the first (hydrating)
 * render use `serverDefault`, then the real answer replaces it, so hydration never mismatches. Where there is no
 * matchMedia (tests' jsdom), the default stands.
 */
export function useMediaQuery(query: string, serverDefault = false): boolean {
  return useSyncExternalStore(
    (onChange) => {
      if (typeof window.matchMedia !== 'function') return () => undefined;
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => (typeof window.matchMedia === 'function' ? window.matchMedia(query).matches : serverDefault),
    () => serverDefault,
  );
}
