import { formatPence } from '@/lib/format';
import { cartText } from '@/content/orders';

export interface SummaryLine {
  key: string;
  title: string;
  category: string;
  pricePence: number;
}

/** The order as it will be charged: each line with its catalogue price, then the total. */
export function OrderSummary({
  lines,
  totalPence,
  title,
}: {
  lines: readonly SummaryLine[];
  totalPence: number;
  title: string;
}) {
  return (
    <section
      aria-labelledby="order-summary-heading"
      className="rounded-xl border border-border bg-card p-6 shadow-sm"
    >
      <h2 id="order-summary-heading" className="font-serif text-2xl font-bold">
        {title}
      </h2>
      <ul className="mt-4 divide-y divide-border">
        {lines.map((line) => (
          <li key={line.key} className="flex items-start justify-between gap-4 py-3">
            <span>
              <span className="block font-semibold">{line.title}</span>
              <span className="block text-sm text-muted-foreground">{line.category}</span>
            </span>
            <span className="font-semibold">{formatPence(line.pricePence)}</span>
          </li>
        ))}
      </ul>
      <p className="mt-2 flex justify-between border-t-2 border-foreground pt-3 text-lg font-bold">
        <span>{cartText.total}</span>
        <span data-testid="order-total">{formatPence(totalPence)}</span>
      </p>
    </section>
  );
}
