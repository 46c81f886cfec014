import { TriangleAlert } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { cartNoticeText as text } from '@/content/orders';
import type { PricedCart, PricedCartLine } from '@/features/cart/cart-pricing';
import type { CartLine } from '@/features/cart/cart-types';
import { formatPence } from '@/lib/format';

/** Why a flagged line is not charged (or charged less), in a sentence; null for a line charged in full. */
export function lineNoticeText(entry: PricedCartLine): string | null {
  const title = entry.details?.title;
  if (!title) return null;
  switch (entry.status) {
    case 'owned':
      return entry.line.kind === 'package' ? text.ownedPackage(title) : text.ownedAudio(title);
    case 'included':
      return text.included(title, entry.includedIn?.title ?? '');
    case 'covered':
      return text.covered(title);
    case 'payable':
      if (entry.leftOut.length === 0) return null;
      return text.partial(
        title,
        entry.leftOut.filter((item) => item.owned).map((item) => item.title),
        entry.leftOut.filter((item) => !item.owned).map((item) => item.title),
        formatPence(entry.chargePence),
        formatPence(entry.details?.pricePence ?? 0),
      );
    default:
      return null;
  }
}

/** The line's warning and its one-tap fix (removing the line the customer does not need to pay for). */
export function LineNotice({
  entry,
  onRemove,
}: {
  entry: PricedCartLine;
  onRemove: (line: CartLine) => void;
}) {
  const message = lineNoticeText(entry);
  if (!message) return null;
  const title = entry.details?.title ?? '';
  return (
    <div
      className="mt-2 rounded-lg border-2 border-warning bg-background p-3 text-sm"
      data-testid="cart-notice"
    >
      <p className="flex gap-2">
        <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <span>{message}</span>
      </p>
      <Button variant="secondary" size="sm" className="mt-2" onClick={() => onRemove(entry.line)}>
        {entry.status === 'included' ? text.keepPackage(title) : text.removeItem(title)}
      </Button>
    </div>
  );
}

/** Above the lines: how many need a look (each line says why, with its fix). */
export function CartCheckSummary({ priced }: { priced: PricedCart }) {
  const count = priced.flagged.filter((entry) => lineNoticeText(entry) !== null).length;
  if (count === 0) return null;
  return (
    <div className="mb-4 rounded-xl border-2 border-warning bg-background p-4" data-testid="cart-check">
      <h2 className="font-bold">{text.heading}</h2>
      <p className="mt-1 text-sm">{text.summary(count)}</p>
    </div>
  );
}
