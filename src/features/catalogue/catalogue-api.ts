import { useEffect, useState, useSyncExternalStore } from 'react';
import { useHydrated } from '@/lib/hydration';
import { readCatalogueSnapshot } from './catalogue-snapshot';
import type { Catalogue } from './catalogue-types';

// The published catalogue for the shop pages: a small store of its own rather than the query library, and the
// read (catalogue-read.ts, plain fetch) loaded when it is first needed, so the shop pages' first JavaScript
// stays small (docs/decisions/0002-first-js-budget.md).

export interface CatalogueState {
  /** Null until the first read (a page reached without the embedded catalogue). */
  catalogue: Catalogue | null;
  /** The last read failed (what was shown before stays). */
  error: boolean;
}

// The prerendered pages carry the catalogue they were built with: it is the first state (hydration renders
// exactly the prerendered HTML), and the database is asked again once the page is idle, on every visit to a
// catalogue page, so a change made since (an admin's edit) shows up. Not as the page mounts: a read started
// while the page hydrates makes React re-render the whole list at once (one long task on a phone) to show,
// usually, nothing new. A page reached without the snapshot reads at mount.

let serverState: CatalogueState | null = null;
let state: CatalogueState | null = null;
let reading: Promise<void> | null = null;
const listeners = new Set<() => void>();

/** What the prerender rendered (and so what hydration must render): the embedded catalogue. */
function getServerState(): CatalogueState {
  const snapshot = readCatalogueSnapshot();
  if (serverState?.catalogue !== snapshot) serverState = { catalogue: snapshot, error: false };
  return serverState;
}

function getState(): CatalogueState {
  // The same object as hydration's until the first read lands: React sees no change after hydrating.
  state ??= getServerState();
  return state;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The previous value when the new one is the same data, so nothing shown re-renders for an unchanged read. */
function same<T>(previous: T | undefined, next: T): T {
  return previous !== undefined && JSON.stringify(previous) === JSON.stringify(next) ? previous : next;
}

function setState(next: CatalogueState): void {
  state = next;
  listeners.forEach((listener) => listener());
}

/** Reads the catalogue from the database (one read at a time); the pages showing it update. */
export function refreshCatalogue(): Promise<void> {
  reading ??= import('./catalogue-read')
    .then((read) => read.fetchCatalogue())
    .then((fresh) => {
      const shown = getState().catalogue;
      const products = same(shown?.products, fresh.products);
      const packages = same(shown?.packages, fresh.packages);
      if (shown && products === shown.products && packages === shown.packages && !getState().error) return;
      setState({ catalogue: { products, packages }, error: false });
    })
    .catch((error: unknown) => {
      console.warn('Could not read the catalogue:', error);
      setState({ catalogue: getState().catalogue, error: true });
    })
    .finally(() => {
      reading = null;
    });
  return reading;
}

function useRefreshOnVisit(hasCatalogue: boolean): void {
  // Once per visit to the page: not again when a read fills an empty page. A prerendered page reads once it
  // has hydrated all of itself (useHydrated turns true once the browser is idle after hydrating): a new
  // catalogue reaching a part of the list still to be hydrated would make React render other markup than the
  // prerender (a hydration error), and on a slow phone hydrating the list takes seconds.
  const [empty] = useState(!hasCatalogue);
  const hydrated = useHydrated();
  useEffect(() => {
    if (empty || hydrated) void refreshCatalogue();
  }, [empty, hydrated]);
}

/**
 * The published catalogue for a page: the embedded one at first, then the database's (re-read on every visit
 * to the page, once it is idle). `retry` reads it again after a failure.
 */
export function useCatalogue(): CatalogueState & { retry: () => void } {
  const current = useSyncExternalStore(subscribe, getState, getServerState);
  useRefreshOnVisit(current.catalogue !== null);
  return { ...current, retry: () => void refreshCatalogue() };
}

/** For tests: forget what was read (the next read starts from the page's embedded catalogue). */
export function resetCatalogueForTests(): void {
  serverState = null;
  state = null;
  reading = null;
}
