import { cartLineKey, type CartLine, type CartLineDetails } from './cart-types';

// The cart priced as create-checkout will charge it (docs/money.md "What the cart shows is what is charged"),
// so the cart and checkout flag, before any payment page, every line that would be paid twice or refused:
//   owned     an audio the customer has, or a package whose every audio they have: not charged;
//   included  an audio a package in this cart also brings: not charged (the checkout would refuse both);
//   covered   a package whose every audio the customer has or an earlier line brings: not charged;
//   payable   charged; a package some of whose audios are owned or brought by an earlier line is charged
//             without their share of its price (the database's open_checkout_order and split_pence).

export type PricedLineStatus = 'payable' | 'owned' | 'included' | 'covered' | 'unavailable';

/** One audio of a package, as the catalogue has it (in the package's order). */
export interface PackageMember {
  id: string;
  title: string;
  pricePence: number;
}

/** A line's catalogue details; a package's also name its audios. */
export interface PricingDetails extends CartLineDetails {
  members?: readonly PackageMember[];
}

export interface PricedCartLine {
  line: CartLine;
  key: string;
  /** From the catalogue; null when the item is no longer in it. */
  details: CartLineDetails | null;
  status: PricedLineStatus;
  /** What this line will be charged, in pence (0 unless payable). */
  chargePence: number;
  /** A payable package's audios left out of its price: owned (true) or brought by an earlier line (false). */
  leftOut: { title: string; owned: boolean }[];
  /** An included audio: the package in this cart that brings it. */
  includedIn: { line: CartLine; title: string } | null;
}

/** A line to pay for, as create-checkout takes it: the catalogue item's id. */
export interface PayableItem {
  kind: CartLine['kind'];
  id: string;
}

export interface PricedCart {
  lines: PricedCartLine[];
  /** The lines to pay for, as create-checkout takes them. */
  payable: PayableItem[];
  /** What will be charged, in pence: the payable lines' charges. */
  totalPence: number;
  /** The lines that need the customer's attention before paying (not charged, or charged less). */
  flagged: PricedCartLine[];
}

/**
 * Splits `total` pence over `weights` in proportion, whole pence adding up exactly: floors, then the pennies
 * left go to the largest remainders (ties to the earlier). The same rule as the database's split_pence.
 */
export function splitPence(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  const exact = weights.map((weight, index) => (sum > 0 ? (total * weight) / sum : index === 0 ? total : 0));
  const floored = exact.map(Math.floor);
  let leftover = total - floored.reduce((a, b) => a + b, 0);
  const order = exact
    .map((share, index) => ({ index, frac: share - Math.floor(share) }))
    .sort((a, b) => b.frac - a.frac || a.index - b.index);
  for (const { index } of order) {
    if (leftover <= 0) break;
    floored[index] = (floored[index] ?? 0) + 1;
    leftover -= 1;
  }
  return floored;
}

/**
 * Prices the cart's lines from the catalogue (`lookup`), never from storage, against the audios the customer
 * owns (`owned`, product ids; empty when signed out).
 */
export function priceCart(
  items: readonly CartLine[],
  lookup: (line: CartLine) => PricingDetails | null,
  owned: ReadonlySet<string> = new Set(),
): PricedCart {
  const found = items.map((line) => ({ line, details: lookup(line) }));
  // Which package in the cart brings each audio (the first one, in cart order).
  const packageOf = new Map<string, { line: CartLine; title: string }>();
  for (const { line, details } of found) {
    if (line.kind !== 'package' || !details?.members) continue;
    const packageOwned = details.members.every((member) => owned.has(member.id));
    if (packageOwned) continue; // not bought, so it brings nothing
    for (const member of details.members)
      if (!packageOf.has(member.id)) packageOf.set(member.id, { line, title: details.title });
  }

  const brought = new Set<string>();
  const lines = found.map(({ line, details }): PricedCartLine => {
    const base = { line, key: cartLineKey(line), details, chargePence: 0, leftOut: [], includedIn: null };
    if (!details) return { ...base, status: 'unavailable' };
    if (line.kind === 'product') {
      if (owned.has(details.id)) return { ...base, status: 'owned' };
      const includedIn = packageOf.get(details.id);
      if (includedIn) return { ...base, status: 'included', includedIn };
      brought.add(details.id);
      return { ...base, status: 'payable', chargePence: details.pricePence };
    }
    const members = details.members ?? [];
    if (members.length > 0 && members.every((member) => owned.has(member.id)))
      return { ...base, status: 'owned' };
    const shares = splitPence(
      details.pricePence,
      members.map((member) => member.pricePence),
    );
    const leftOut: { title: string; owned: boolean }[] = [];
    let charge = members.length === 0 ? details.pricePence : 0;
    members.forEach((member, index) => {
      if (owned.has(member.id) || brought.has(member.id)) {
        leftOut.push({ title: member.title, owned: owned.has(member.id) });
      } else {
        brought.add(member.id);
        charge += shares[index] ?? 0;
      }
    });
    if (members.length > 0 && leftOut.length === members.length)
      return { ...base, status: 'covered', leftOut };
    return { ...base, status: 'payable', chargePence: charge, leftOut };
  });
  const payableLines = lines.filter((entry) => entry.status === 'payable');
  return {
    lines,
    payable: payableLines.map((entry) => ({ kind: entry.line.kind, id: entry.details?.id ?? '' })),
    totalPence: payableLines.reduce((sum, entry) => sum + entry.chargePence, 0),
    flagged: lines.filter((entry) => entry.status !== 'payable' || entry.leftOut.length > 0),
  };
}
