import { describe, expect, it } from 'vitest';
import type { AccountOrder, OrderLine } from '@/features/account/api/orders';
import { paidAsByPurchase } from '@/features/account/paid-as';

const line = (position: number, kind: OrderLine['kind'], title: string, pricePence: number, productId: string | null): OrderLine => ({
  position,
  kind,
  title,
  category: '',
  pricePence,
  productId,
  audios: [],
});

const order = (id: string, lines: OrderLine[], items: AccountOrder['items']): AccountOrder => ({
  id,
  createdAt: '2026-11-21T10:00:00Z',
  status: 'paid',
  amountPence: 0,
  amountPaidPence: 0,
  promotionCode: null,
  currency: 'gbp',
  lines,
  items,
  autoRefundedPence: 0,
  dispute: null,
});

describe('paidAsByPurchase (docs/account-prices.md)', () => {
  const withItems = order(
    'o1',
    [line(1, 'package', 'Stop Smoking Package', 699, null), line(2, 'product', 'Deep Sleep', 299, 'prod-s')],
    [
      { productId: 'prod-a', linePosition: 1 },
      { productId: 'prod-s', linePosition: 2 },
    ],
  );

  it("tells a package's audio by its order item's line, and a single at or below its line price", () => {
    const result = paidAsByPurchase(
      [
        { id: 'pa', productId: 'prod-a', orderId: 'o1', price: 1.57 },
        { id: 'ps', productId: 'prod-s', orderId: 'o1', price: 2.69 },
      ],
      [withItems],
    );
    expect(result.get('pa')).toEqual({ kind: 'package', packageTitle: 'Stop Smoking Package' });
    expect(result.get('ps')).toEqual({ kind: 'single', discounted: true });
    expect(
      paidAsByPurchase([{ id: 'ps', productId: 'prod-s', orderId: 'o1', price: 2.99 }], [withItems]).get('ps'),
    ).toEqual({ kind: 'single', discounted: false });
  });

  it('without order items, a product line of the same product is a single; anything else keeps its recorded price', () => {
    const withoutItems = order('o2', [line(1, 'product', 'Deep Sleep', 299, 'prod-s'), line(2, 'package', 'Sleep Package', 699, null)], []);
    const result = paidAsByPurchase(
      [
        { id: 'ps', productId: 'prod-s', orderId: 'o2', price: 2.99 },
        { id: 'px', productId: 'prod-x', orderId: 'o2', price: 2.33 },
        { id: 'pn', productId: null, orderId: 'o2', price: 1 },
      ],
      [withoutItems],
    );
    expect(result.get('ps')).toEqual({ kind: 'single', discounted: false });
    expect(result.get('px')).toEqual({ kind: 'recorded' });
    expect(result.get('pn')).toEqual({ kind: 'recorded' });
  });

  it('has no entry for a purchase without an order or whose order is not loaded', () => {
    const result = paidAsByPurchase(
      [
        { id: 'gift', productId: 'prod-g', orderId: null, price: 0 },
        { id: 'new', productId: 'prod-n', orderId: 'o9', price: 2.99 },
      ],
      [withItems],
    );
    expect(result.size).toBe(0);
  });
});
