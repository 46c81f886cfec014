import { poundsToPence } from '@/lib/format';
import type { AccountOrder } from './api/orders';

/**
 * How an owned audio was paid for, as the customer saw it at checkout (docs/account-prices.md):
 * - `single`: bought on its own line; `discounted` when the order's promotion code lowered what it recorded;
 * - `package`: one of a package's audios, whose recorded price is only a share of the package price;
 * - `recorded`: its order is known but does not say (an order written without order_items): the recorded price.
 */
export type PaidAs =
  { kind: 'single'; discounted: boolean } | { kind: 'package'; packageTitle: string } | { kind: 'recorded' };

interface PurchaseRef {
  id: string;
  productId: string | null;
  orderId?: string | null;
  /** Pounds, as purchases record it. */
  price: number;
}

/**
 * Each purchase's PaidAs by purchase id, from the orders that granted them. A purchase whose order is not among
 * `orders` (none, or not loaded yet) has no entry.
 */
export function paidAsByPurchase(
  purchases: readonly PurchaseRef[],
  orders: readonly AccountOrder[],
): Map<string, PaidAs> {
  const ordersById = new Map(orders.map((order) => [order.id, order]));
  const result = new Map<string, PaidAs>();
  for (const purchase of purchases) {
    const order = purchase.orderId ? ordersById.get(purchase.orderId) : undefined;
    if (!order) continue;
    const item = order.items.find((candidate) => candidate.productId === purchase.productId);
    // Without order_items (e.g. the local demo order), a product line of the same product still tells a single.
    const line = item
      ? order.lines.find((candidate) => candidate.position === item.linePosition)
      : order.lines.find(
          (candidate) => candidate.kind === 'product' && candidate.productId === purchase.productId,
        );
    if (!line || !purchase.productId) {
      result.set(purchase.id, { kind: 'recorded' });
      continue;
    }
    if (line.kind === 'package') {
      result.set(purchase.id, { kind: 'package', packageTitle: line.title });
    } else {
      result.set(purchase.id, {
        kind: 'single',
        discounted: poundsToPence(purchase.price) < line.pricePence,
      });
    }
  }
  return result;
}
