/** Where the app is: the parts of the URL the pages read, and the state a navigation passed along. */
export interface AppLocation {
  pathname: string;
  search: string;
  hash: string;
  /** What `navigate(to, { state })` passed; null otherwise (and after a reload in another tab). */
  state: unknown;
  /** Tells two visits to the same URL apart; 'default' for the entry the app started on. */
  key: string;
}

export interface NavigateOptions {
  /** Replace the current history entry instead of adding one. */
  replace?: boolean;
  state?: unknown;
}

/**
 * Goes to a path of this site (a path, a query or a hash, resolved against the current URL) or moves through
 * the history by a number of entries.
 */
export type NavigateFunction = (to: string | number, options?: NavigateOptions) => void;

// Only for resolving a relative `to` against a path; never shown or fetched.
const base = 'http://site.invalid';

/** A location for a URL path (a path with an optional query and hash), resolved against `from`. */
export function locationAt(to: string, from = '/', state: unknown = null, key = 'default'): AppLocation {
  const { pathname, search, hash } = new URL(to, new URL(from, base));
  return { pathname, search, hash, state, key };
}

/** The path, query and hash of a location, as an href of this site. */
export function hrefOf({ pathname, search, hash }: Pick<AppLocation, 'pathname' | 'search' | 'hash'>): string {
  return `${pathname}${search}${hash}`;
}

export function newLocationKey(): string {
  return Math.random().toString(36).slice(2, 10);
}
