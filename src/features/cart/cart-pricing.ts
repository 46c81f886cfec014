import { cartLineKey, type CartLine, type CartLineDetails } from './cart-types';

export type PricedLineStatus = 'payable' | 'owned' | 'unavailable';

export interface PricedCartLine {
  line: CartLine;
  key: string;
  /** From the catalogue; null when the item is no longer in it. */
  details: CartLineDetails | null;
  status: PricedLineStatus;
}

/** A line to pay for, as create-checkout takes it: the catalogue item's id. */
export interface PayableItem {
  kind: CartLine['kind'];
  id: string;
}

export interface PricedCart {
  lines: PricedCartLine[];
  /** The lines to pay for: in the catalogue and not already owned. */
  payable: PayableItem[];
  /** Sum of the payable lines' catalogue prices, in pence. */
  totalPence: number;
}

/**
 * Prices the cart's lines from the catalogue (`lookup`), never from storage. Lines the catalogue no longer
 * has, and items the customer already owns, are shown but not charged.
 */
export function priceCart(
  items: readonly CartLine[],
  lookup: (line: CartLine) => CartLineDetails | null,
  isOwned: (item: PayableItem) => boolean = () => false,
): PricedCart {
  const lines = items.map((line): PricedCartLine => {
    const details = lookup(line);
    const status: PricedLineStatus = !details
      ? 'unavailable'
      : isOwned({ kind: line.kind, id: details.id })
        ? 'owned'
        : 'payable';
    return { line, key: cartLineKey(line), details, status };
  });
  const payableLines = lines.filter((entry) => entry.status === 'payable');
  return {
    lines,
    payable: payableLines.map((entry) => ({ kind: entry.line.kind, id: entry.details?.id ?? '' })),
    totalPence: payableLines.reduce((sum, entry) => sum + (entry.details?.pricePence ?? 0), 0),
  };
}
