import { startTransition, useCallback, useLayoutEffect, useMemo, useState, type ReactNode } from 'react';
import { hrefOf, locationAt, newLocationKey, type AppLocation, type NavigateFunction } from './location';
import { RouterContext } from './router-context';

// Why the app has its own router: docs/decisions/0012-own-router.md.

/** What the app keeps in a history entry (the shape React Router used, so entries from before still read). */
interface HistoryEntryState {
  usr?: unknown;
  key?: string;
}

function browserLocation(): AppLocation {
  const { pathname, search, hash } = window.location;
  const entry = window.history.state as HistoryEntryState | null;
  return { pathname, search, hash, state: entry?.usr ?? null, key: entry?.key ?? 'default' };
}

/**
 * The router of the browser app: the location is the address bar's. A navigation renders in a transition, so
 * a page whose code is still loading keeps the current page on screen instead of a loading state.
 */
export function BrowserRouter({ children }: { children: ReactNode }) {
  const [location, setLocation] = useState(browserLocation);
  const show = useCallback(() => {
    startTransition(() => setLocation(browserLocation()));
  }, []);
  const navigate = useCallback<NavigateFunction>(
    (to, options = {}) => {
      if (typeof to === 'number') {
        // The browser reports the move with popstate (below).
        window.history.go(to);
        return;
      }
      const { href } = new URL(to, window.location.href);
      const entry: HistoryEntryState = { usr: options.state ?? null, key: newLocationKey() };
      if (options.replace) window.history.replaceState(entry, '', href);
      else {
        try {
          window.history.pushState(entry, '', href);
        } catch {
          // Browsers cap how many entries a page may add; a full load still gets the visitor there.
          window.location.assign(href);
          return;
        }
      }
      show();
    },
    [show],
  );
  // Back, forward, and jumps to an anchor of the page (which the browser makes itself).
  useLayoutEffect(() => {
    window.addEventListener('popstate', show);
    return () => window.removeEventListener('popstate', show);
  }, [show]);
  const router = useMemo(() => ({ location, navigate }), [location, navigate]);
  return <RouterContext value={router}>{children}</RouterContext>;
}

function cannotNavigate(): never {
  throw new Error('A page rendered at build time cannot navigate.');
}

/** The router of the prerender: one fixed location. */
export function StaticRouter({ location, children }: { location: string; children: ReactNode }) {
  const router = useMemo(() => ({ location: locationAt(location), navigate: cannotNavigate }), [location]);
  return <RouterContext value={router}>{children}</RouterContext>;
}

interface MemoryHistory {
  entries: readonly AppLocation[];
  index: number;
}

/** A router whose history lives in memory (component tests): starts on the last of `initialEntries`. */
export function MemoryRouter({
  initialEntries = ['/'],
  children,
}: {
  initialEntries?: readonly string[];
  children: ReactNode;
}) {
  const [history, setHistory] = useState<MemoryHistory>(() => ({
    entries: initialEntries.map((entry) => locationAt(entry)),
    index: initialEntries.length - 1,
  }));
  const navigate = useCallback<NavigateFunction>((to, options = {}) => {
    startTransition(() =>
      setHistory(({ entries, index }) => {
        if (typeof to === 'number')
          return { entries, index: Math.min(Math.max(index + to, 0), entries.length - 1) };
        const from = entries[index];
        const next = locationAt(to, from && hrefOf(from), options.state ?? null, newLocationKey());
        if (options.replace) return { entries: entries.map((entry, at) => (at === index ? next : entry)), index };
        return { entries: [...entries.slice(0, index + 1), next], index: index + 1 };
      }),
    );
  }, []);
  const location = history.entries[history.index] ?? locationAt('/');
  const router = useMemo(() => ({ location, navigate }), [location, navigate]);
  return <RouterContext value={router}>{children}</RouterContext>;
}
