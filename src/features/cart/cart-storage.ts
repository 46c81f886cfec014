import { cartLineKey, type CartLine } from './cart-types';

/** The browser storage key (docs/product-rules.md D20 "Cart"). */
export const CART_STORAGE_KEY = 'hypnotherapy-cart';
/** Bumped when the stored shape changes; an older shape is ignored (2: lines by slug instead of id). */
export const CART_STORAGE_VERSION = 2;

const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;

interface StoredCart {
  version: typeof CART_STORAGE_VERSION;
  items: CartLine[];
}

function isCartLine(value: unknown): value is CartLine {
  if (typeof value !== 'object' || value === null) return false;
  const { kind, slug } = value as Record<string, unknown>;
  return (kind === 'product' || kind === 'package') && typeof slug === 'string' && SLUG.test(slug);
}

/**
 * Reads a stored cart. Nothing stored gives an empty cart; a corrupt or outdated one is logged and ignored
 * (docs/product-rules.md §8 "Corrupt stored cart"). Repeated lines collapse to one.
 */
export function parseStoredCart(raw: string | null): CartLine[] {
  if (raw === null || raw === '') return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    console.warn('Ignoring the stored cart: it is not valid JSON.');
    return [];
  }
  const stored = parsed as Partial<StoredCart> | null;
  if (
    typeof stored !== 'object' ||
    stored === null ||
    stored.version !== CART_STORAGE_VERSION ||
    !Array.isArray(stored.items) ||
    !stored.items.every(isCartLine)
  ) {
    console.warn('Ignoring the stored cart: it is corrupt or from an older version of the site.');
    return [];
  }
  const seen = new Set<string>();
  const lines: CartLine[] = [];
  for (const { kind, slug } of stored.items) {
    const line: CartLine = { kind, slug };
    if (seen.has(cartLineKey(line))) continue;
    seen.add(cartLineKey(line));
    lines.push(line);
  }
  return lines;
}

export function serializeCart(items: readonly CartLine[]): string {
  const stored: StoredCart = {
    version: CART_STORAGE_VERSION,
    items: items.map(({ kind, slug }) => ({ kind, slug })),
  };
  return JSON.stringify(stored);
}
