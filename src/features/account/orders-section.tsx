import { useQuery } from '@tanstack/react-query';
import { LoaderCircle } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { accountText } from '@/content/account';
import { cn } from '@/lib/cn';
import { formatPence } from '@/lib/format';
import { ordersQueryOptions, type AccountOrder, type OrderLine } from './account-api';
import { formatDateGB } from './account-format';
import { SectionCard } from '@/components/ui/section-card';

const text = accountText.orders;

const statusClass: Record<AccountOrder['status'], string> = {
  paid: 'border-success text-success',
  pending: 'border-border text-muted-foreground',
  failed: 'border-destructive text-destructive',
  expired: 'border-border text-muted-foreground',
  refunded: 'border-border text-foreground',
};

/** An order line as it was bought: a package at its price with its audios beneath (no per-audio prices). */
function OrderLineItem({ line }: { line: OrderLine }) {
  return (
    <li>
      <div className="flex flex-wrap justify-between gap-x-3">
        <span className="break-words text-foreground">{line.title}</span>
        <span className="text-muted-foreground">{formatPence(line.pricePence)}</span>
      </div>
      {line.audios.length > 0 ? (
        <ul
          aria-label={text.packageAudios(line.title)}
          className="mt-1 ml-5 list-disc space-y-0.5 text-muted-foreground"
        >
          {/* Titles are unique only within a category: the index keeps two same-named audios apart. */}
          {line.audios.map((title, index) => (
            <li key={`${index}:${title}`} className="break-words">
              {title}
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}

function OrderItem({ order }: { order: AccountOrder }) {
  // A promotion code is the only way to pay less than the catalogue total (docs/money.md).
  const total = order.amountPaidPence ?? order.amountPence;
  const discount = order.amountPence - total;
  return (
    <li className="py-4">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-2">
        <h3 className="font-semibold text-foreground">
          <span className="sr-only">{text.date}: </span>
          <time dateTime={order.createdAt}>{formatDateGB(order.createdAt)}</time>
        </h3>
        <span
          className={cn('rounded-full border px-2.5 py-0.5 text-sm font-semibold', statusClass[order.status])}
        >
          <span className="sr-only">{text.status}: </span>
          {text.statusLabels[order.status] ?? order.status}
        </span>
      </div>
      <dl className="mt-2 grid gap-2 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-6">
        <dt className="font-semibold text-muted-foreground">{text.items}</dt>
        <dd>
          <ul className="space-y-1">
            {order.lines.map((line) => (
              <OrderLineItem key={line.position} line={line} />
            ))}
          </ul>
        </dd>
        {discount > 0 ? (
          <>
            <dt className="font-semibold text-muted-foreground">{text.subtotal}</dt>
            <dd className="text-foreground">{formatPence(order.amountPence)}</dd>
            <dt className="font-semibold text-muted-foreground">{text.discount(order.promotionCode)}</dt>
            <dd className="text-foreground">{text.discountAmount(formatPence(discount))}</dd>
          </>
        ) : null}
        <dt className="font-semibold text-muted-foreground">{text.total}</dt>
        <dd className="text-foreground">
          <span className="font-semibold">{formatPence(total)}</span>
          {order.autoRefundedPence > 0 ? (
            <span className="block text-muted-foreground">
              {text.autoRefunded(formatPence(order.autoRefundedPence))}
            </span>
          ) : null}
        </dd>
        {order.dispute ? (
          <>
            <dt className="font-semibold text-muted-foreground">{text.dispute}</dt>
            <dd className="text-foreground">{text.disputeLabels[order.dispute]}</dd>
          </>
        ) : null}
      </dl>
    </li>
  );
}

/**
 * The user's orders as paid (date, lines, any discount, total, status) from orders, order_lines and order_items
 * (docs/account-prices.md).
 */
export function OrdersSection({ userId }: { userId: string }) {
  const orders = useQuery(ordersQueryOptions(userId));
  return (
    <SectionCard id="orders" title={text.title} lead={text.lead}>
      {orders.isPending ? (
        <p role="status" className="flex items-center gap-2 text-muted-foreground">
          <LoaderCircle aria-hidden="true" className="size-5 animate-spin" />
          {text.loading}
        </p>
      ) : orders.isError ? (
        <div role="alert" className="flex flex-wrap items-center gap-3">
          <p className="text-destructive">{text.error}</p>
          <Button size="sm" variant="secondary" onClick={() => void orders.refetch()}>
            {text.retry}
          </Button>
        </div>
      ) : orders.data.length === 0 ? (
        <p className="text-muted-foreground">{text.empty}</p>
      ) : (
        <ul className="divide-y divide-border border-y border-border" aria-label={text.caption}>
          {orders.data.map((order) => (
            <OrderItem key={order.id} order={order} />
          ))}
        </ul>
      )}
    </SectionCard>
  );
}
