import { afterEach, describe, expect, it, vi } from 'vitest';
import { priceCart } from '@/features/cart/cart-pricing';
import { CART_STORAGE_KEY, parseStoredCart, serializeCart } from '@/features/cart/cart-storage';
import { createCartStore } from '@/features/cart/cart-store';
import type { CartLine, CartLineDetails } from '@/features/cart/cart-types';

const audio: CartLine = { kind: 'product', slug: 'deep-sleep' };
const other: CartLine = { kind: 'product', slug: 'calm' };
const pack: CartLine = { kind: 'package', slug: 'better-sleep-package' };

afterEach(() => {
  window.localStorage.clear();
  vi.restoreAllMocks();
});

describe('stored cart', () => {
  it('is kept under hypnotherapy-cart as catalogue references only', () => {
    expect(CART_STORAGE_KEY).toBe('hypnotherapy-cart');
    const raw = serializeCart([audio, pack]);
    expect(JSON.parse(raw)).toEqual({ version: 2, items: [audio, pack] });
    expect(parseStoredCart(raw)).toEqual([audio, pack]);
  });

  it('reads nothing stored as an empty cart, silently', () => {
    const warn = vi.spyOn(console, 'warn');
    expect(parseStoredCart(null)).toEqual([]);
    expect(warn).not.toHaveBeenCalled();
  });

  it.each([
    ['not JSON', '{oops'],
    ['an old shape with prices', JSON.stringify([{ id: 'Insomnia-Sleep', title: 'Sleep', price: 0.01 }])],
    ['another version', JSON.stringify({ version: 0, items: [audio] })],
    ['a bad line', JSON.stringify({ version: 2, items: [{ kind: 'gift', slug: 'x' }] })],
    ['a slug that is no slug', JSON.stringify({ version: 2, items: [{ kind: 'product', slug: 'A B' }] })],
    ['the version-1 cart of ids', JSON.stringify({ version: 1, items: [{ kind: 'product', id: 'p-1' }] })],
    ['null', 'null'],
  ])('logs and ignores a corrupt or outdated cart (%s)', (_case, raw) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(parseStoredCart(raw)).toEqual([]);
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('drops repeated lines and anything but kind and slug', () => {
    const raw = JSON.stringify({ version: 2, items: [{ ...audio, price: 1 }, audio, pack] });
    expect(parseStoredCart(raw)).toEqual([audio, pack]);
  });
});

describe('cart store', () => {
  it('adds, ignores an id already present, removes by id and clears, persisting each change', () => {
    const store = createCartStore(window.localStorage);
    expect(store.add(audio)).toBe(true);
    expect(store.add({ ...audio })).toBe(false);
    expect(store.add(pack)).toBe(true);
    expect(store.getSnapshot()).toEqual([audio, pack]);
    expect(parseStoredCart(window.localStorage.getItem(CART_STORAGE_KEY))).toEqual([audio, pack]);

    store.remove(audio);
    expect(store.getSnapshot()).toEqual([pack]);
    // A product and a package may share a slug without being the same line.
    expect(store.add({ kind: 'product', slug: 'better-sleep-package' })).toBe(true);
    store.clear();
    expect(store.getSnapshot()).toEqual([]);
    expect(window.localStorage.getItem(CART_STORAGE_KEY)).toBeNull();
  });

  it('starts from what is stored, and notifies subscribers once per change', () => {
    window.localStorage.setItem(CART_STORAGE_KEY, serializeCart([other]));
    const store = createCartStore(window.localStorage);
    const listener = vi.fn();
    store.subscribe(listener);
    expect(store.getSnapshot()).toEqual([other]);
    store.add(other);
    expect(listener).not.toHaveBeenCalled();
    store.add(audio);
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('follows another tab through the storage event', () => {
    const store = createCartStore(window.localStorage);
    const stop = store.start();
    window.localStorage.setItem(CART_STORAGE_KEY, serializeCart([audio, other]));
    window.dispatchEvent(new StorageEvent('storage', { key: CART_STORAGE_KEY }));
    expect(store.getSnapshot()).toEqual([audio, other]);
    window.localStorage.removeItem(CART_STORAGE_KEY);
    window.dispatchEvent(new StorageEvent('storage', { key: 'something-else' }));
    expect(store.getSnapshot()).toEqual([audio, other]);
    window.dispatchEvent(new StorageEvent('storage', { key: CART_STORAGE_KEY }));
    expect(store.getSnapshot()).toEqual([]);
    stop();
    window.localStorage.setItem(CART_STORAGE_KEY, serializeCart([pack]));
    window.dispatchEvent(new StorageEvent('storage', { key: CART_STORAGE_KEY }));
    expect(store.getSnapshot()).toEqual([]);
  });
});

describe('priceCart', () => {
  const catalogue: Record<string, CartLineDetails> = {
    'product:deep-sleep': { id: 'p-1', title: 'Deep Sleep', category: 'Insomnia', pricePence: 299 },
    'product:calm': { id: 'p-2', title: 'Calm', category: 'Anxiety and Stress', pricePence: 299 },
    'package:better-sleep-package': {
      id: 'k-1',
      title: 'Better Sleep Package',
      category: 'Package · Insomnia',
      pricePence: 699,
    },
  };
  const lookup = (line: CartLine) => catalogue[`${line.kind}:${line.slug}`] ?? null;

  it('prices every line from the catalogue and totals them', () => {
    const priced = priceCart([audio, pack], lookup);
    expect(priced.totalPence).toBe(998);
    // Paid for by the ids the catalogue has now.
    expect(priced.payable).toEqual([
      { kind: 'product', id: 'p-1' },
      { kind: 'package', id: 'k-1' },
    ]);
    expect(priced.lines.map((line) => line.details?.title)).toEqual(['Deep Sleep', 'Better Sleep Package']);
  });

  it('leaves out owned items and items the catalogue no longer has', () => {
    const gone: CartLine = { kind: 'product', slug: 'deleted' };
    const priced = priceCart([audio, other, gone], lookup, new Set(['p-2']));
    expect(priced.lines.map((line) => line.status)).toEqual(['payable', 'owned', 'unavailable']);
    expect(priced.payable).toEqual([{ kind: 'product', id: 'p-1' }]);
    expect(priced.totalPence).toBe(299);
  });
});
