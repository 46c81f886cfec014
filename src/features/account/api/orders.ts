import { queryOptions } from '@tanstack/react-query';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { OrderStatus } from '@/content/account';
import { getSupabase } from '@/lib/supabase';
import { accountKeys } from './account-keys';

// The customer's own paid orders, as they were bought (docs/account-prices.md).

export interface OrderLine {
  position: number;
  kind: 'product' | 'package';
  title: string;
  category: string;
  pricePence: number;
  /** A product line's catalogue product (null for a package, or once the product is deleted). */
  productId: string | null;
  /**
   * A package line's audios (titles, A to Z) from order_items, without prices: the customer paid the package
   * price, and the split over its audios (docs/money.md) is bookkeeping. Empty for a product line.
   */
  audios: string[];
}

/** An audio an order granted, and the line (position) it came from (public.order_items). */
export interface OrderGrantedItem {
  productId: string;
  linePosition: number;
}

export interface AccountOrder {
  id: string;
  createdAt: string;
  status: OrderStatus;
  /** The catalogue total at checkout. */
  amountPence: number;
  /** What was charged (after a promotion code), once paid; null before. */
  amountPaidPence: number | null;
  /** The promotion code paid with (e.g. WELCOME10); null without one or on orders paid before it was kept. */
  promotionCode: string | null;
  currency: string;
  lines: OrderLine[];
  /** Every audio the order grants, with its line: how My Account tells a package's audio from a single. */
  items: OrderGrantedItem[];
  /** Paid for audio already owned and refunded automatically (docs/money.md); 0 when none. */
  autoRefundedPence: number;
  /** A chargeback: open (audio suspended), won (restored), lost (removed); null when none. */
  dispute: 'open' | 'won' | 'lost' | null;
}

interface OrderLineRow {
  position: number;
  kind: 'product' | 'package';
  title: string;
  category: string | null;
  price_pence: number;
  product_id?: string | null;
}

interface OrderItemRow {
  product_id: string;
  line_position: number;
  /** Null when the customer may no longer read the product (unpublished and not owned, e.g. refunded). */
  products: { title: string } | null;
}

interface OrderRow {
  id: string;
  created_at: string;
  status: OrderStatus;
  amount_pence: number;
  amount_paid_pence: number | null;
  promotion_code?: string | null;
  currency: string;
  order_lines: OrderLineRow[] | null;
  order_items?: OrderItemRow[] | null;
  ungranted_pence?: number;
  ungranted_refunded_at?: string | null;
  dispute_status?: 'open' | 'won' | 'lost' | null;
}

const ORDER_COLUMNS =
  'id, created_at, status, amount_pence, amount_paid_pence, promotion_code, currency, ungranted_pence, ungranted_refunded_at, dispute_status, order_lines(position, kind, title, category, price_pence, product_id), order_items(product_id, line_position, products(title))';

export function toAccountOrder(row: OrderRow): AccountOrder {
  const items = row.order_items ?? [];
  const audiosOf = (position: number) =>
    items
      .filter((item) => item.line_position === position)
      .flatMap((item) => (item.products?.title ? [item.products.title] : []))
      .sort((a, b) => a.localeCompare(b, 'en-GB'));
  return {
    id: row.id,
    createdAt: row.created_at,
    status: row.status,
    amountPence: row.amount_pence,
    amountPaidPence: row.amount_paid_pence,
    promotionCode: row.promotion_code ?? null,
    currency: row.currency,
    lines: [...(row.order_lines ?? [])]
      .sort((a, b) => a.position - b.position)
      .map((line) => ({
        position: line.position,
        kind: line.kind,
        title: line.title,
        category: line.category ?? '',
        pricePence: line.price_pence,
        productId: line.product_id ?? null,
        audios: line.kind === 'package' ? audiosOf(line.position) : [],
      })),
    items: items.map((item) => ({ productId: item.product_id, linePosition: item.line_position })),
    autoRefundedPence: row.ungranted_refunded_at ? (row.ungranted_pence ?? 0) : 0,
    dispute: row.dispute_status ?? null,
  };
}

/** The order states My Account lists: those that were paid. */
export const CUSTOMER_ORDER_STATUSES: OrderStatus[] = ['paid', 'refunded'];

/**
 * The user's own paid (or since refunded) orders with their lines, newest first. Filtered by user id as well as by RLS: an admin's
 * policy reads every order, and My Account shows only theirs.
 */
export async function fetchOrders(client: SupabaseClient, userId: string): Promise<AccountOrder[]> {
  const { data, error } = await client
    .from('orders')
    .select(ORDER_COLUMNS)
    .eq('user_id', userId)
    // Paid orders only (refunded ones were paid): a checkout never paid is no order of the customer's
    // (docs/payment-result.md); the admin still sees it.
    .in('status', CUSTOMER_ORDER_STATUSES)
    .order('created_at', { ascending: false });
  if (error) throw new Error(error.message);
  return (data as unknown as OrderRow[]).map(toAccountOrder);
}

/** The orders My Account lists (one query: Orders shows it, and Your audio reads how each audio was paid). */
export const ordersQuery = (userId: string) =>
  queryOptions({
    queryKey: accountKeys.orders(userId),
    queryFn: async () => fetchOrders(await getSupabase(), userId),
  });
