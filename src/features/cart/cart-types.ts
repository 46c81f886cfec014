/** What a cart line points at: a catalogue product (one audio) or a package. */
export type CartItemKind = 'product' | 'package';

/**
 * One cart line: a reference to a catalogue item, nothing more. Titles and prices always come from the
 * catalogue, never from storage (docs/product-rules.md D20 "Cart"). By slug, not id: a slug survives a
 * rebuild of the prerendered catalogue and a reseed, so a line added from the build's snapshot is the live
 * item (docs/payment-result.md, "Add to Cart").
 */
export interface CartLine {
  kind: CartItemKind;
  slug: string;
}

/** What the catalogue says about a line, for display and the total. */
export interface CartLineDetails {
  /** The catalogue item's id, as the catalogue read has it (checkout sends it). */
  id: string;
  title: string;
  category: string;
  pricePence: number;
}

export interface CartContextValue {
  items: readonly CartLine[];
  itemCount: number;
  /** Adds the line unless it is already there; true when it was added. Shows 'Added to Cart'. */
  addItem: (line: CartLine, title: string) => boolean;
  removeItem: (line: CartLine) => void;
  clear: () => void;
}

/** One identity per line: adding a key already present is ignored. */
export function cartLineKey(line: CartLine): string {
  return `${line.kind}:${line.slug}`;
}
