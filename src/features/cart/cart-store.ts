import { CART_STORAGE_KEY, parseStoredCart, serializeCart } from './cart-storage';
import { cartLineKey, type CartLine } from './cart-types';

/** What the prerender and the hydration render: an empty cart (storage is read after hydration). */
export const serverCart: readonly CartLine[] = Object.freeze([]);

export interface CartStore {
  subscribe: (listener: () => void) => () => void;
  getSnapshot: () => readonly CartLine[];
  /** Follows other tabs' changes (the storage event); returns the disconnect. */
  start: () => () => void;
  add: (line: CartLine) => boolean;
  remove: (line: CartLine) => void;
  clear: () => void;
}

function readStorage(storage: Storage | null): CartLine[] {
  if (!storage) return [];
  try {
    return parseStoredCart(storage.getItem(CART_STORAGE_KEY));
  } catch (error) {
    console.warn('Could not read the stored cart:', error);
    return [];
  }
}

function browserStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null; // storage disabled: the cart lives for this page only
  }
}

/**
 * The cart as an external store (the shape of the auth store): the lines in memory, mirrored to
 * localStorage on every change, and reloaded when another tab changes them.
 */
export function createCartStore(storage: Storage | null = browserStorage()): CartStore {
  let items: readonly CartLine[] = readStorage(storage);
  const listeners = new Set<() => void>();

  const set = (next: readonly CartLine[], persist: boolean) => {
    items = next;
    if (persist && storage) {
      try {
        if (next.length === 0) storage.removeItem(CART_STORAGE_KEY);
        else storage.setItem(CART_STORAGE_KEY, serializeCart(next));
      } catch (error) {
        console.warn('Could not save the cart:', error);
      }
    }
    listeners.forEach((listener) => listener());
  };

  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => items,
    start() {
      if (typeof window === 'undefined') return () => {};
      const onStorage = (event: StorageEvent) => {
        if (event.key === CART_STORAGE_KEY || event.key === null) set(readStorage(storage), false);
      };
      window.addEventListener('storage', onStorage);
      return () => window.removeEventListener('storage', onStorage);
    },
    add(line) {
      const key = cartLineKey(line);
      if (items.some((item) => cartLineKey(item) === key)) return false;
      set([...items, { kind: line.kind, slug: line.slug }], true);
      return true;
    },
    remove(line) {
      const key = cartLineKey(line);
      if (!items.some((item) => cartLineKey(item) === key)) return;
      set(
        items.filter((item) => cartLineKey(item) !== key),
        true,
      );
    },
    clear() {
      if (items.length === 0) return;
      set([], true);
    },
  };
}
