/** What a cart line points at: a catalogue product (one audio) or a package. */
export type CartItemKind = 'product' | 'package';

/**
 * One cart line: a reference to a catalogue item, nothing more. Titles and prices always come from the
 * catalogue, never from storage (docs/product-rules.md D20 "Cart").
 */
export interface CartLine {
  kind: CartItemKind;
  id: string;
}

/** What the catalogue says about a line, for display and the total. */
export interface CartLineDetails {
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
  return `${line.kind}:${line.id}`;
}
