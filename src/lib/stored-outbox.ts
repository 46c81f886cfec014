// What waits to be sent to the server, kept in localStorage so a write made offline (or as the page closed)
// goes on the next visit: the listening positions (src/features/player/position-sync.ts) and the practice
// sessions (src/features/practice/session-sync.ts) queue their writes here.

/** localStorage, or null where it is missing or blocked (private modes, tests without a window). */
export function browserStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** The queued items under `key`, by `keyOf`; anything stored that `isItem` does not accept is dropped. */
export function readOutbox<T>(
  key: string,
  isItem: (value: unknown) => value is T,
  keyOf: (item: T) => string,
): Map<string, T> {
  try {
    const raw = browserStorage()?.getItem(key);
    const list: unknown = raw ? JSON.parse(raw) : [];
    return new Map(Array.isArray(list) ? list.filter(isItem).map((item) => [keyOf(item), item]) : []);
  } catch {
    return new Map();
  }
}

export function writeOutbox<T>(key: string, outbox: Map<string, T>): void {
  try {
    if (outbox.size === 0) browserStorage()?.removeItem(key);
    else browserStorage()?.setItem(key, JSON.stringify([...outbox.values()]));
  } catch {
    // Storage full or blocked: what is queued is still sent while this page lives.
  }
}
