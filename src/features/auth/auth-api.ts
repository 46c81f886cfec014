import type { SupabaseClient } from '@supabase/supabase-js';
import type { Purchase } from './auth-types';
import { errorMessage } from './error-message';

/** A row of table purchases as PostgREST returns it (numeric may arrive as a string). */
export interface PurchaseRow {
  id: string;
  title: string;
  category: string | null;
  price: number | string;
  created_at: string;
  download_url: string | null;
  product_id?: string | null;
  order_id?: string | null;
  /** The product's stored length (embedded; null when it has none or the product is not readable). */
  products?: { duration_seconds: number | null } | null;
}

/** The purchase's columns and its product's stored length (the player's length before the media reports one). */
const PURCHASE_COLUMNS = '*, products(duration_seconds)';

export function toPurchase(row: PurchaseRow): Purchase {
  const created = new Date(row.created_at);
  return {
    id: row.id,
    title: row.title,
    category: row.category ?? '',
    purchaseDate: Number.isNaN(created.getTime())
      ? row.created_at.slice(0, 10)
      : created.toISOString().slice(0, 10),
    price: Number(row.price),
    streamUrl: row.download_url,
    productId: row.product_id ?? null,
    orderId: row.order_id ?? null,
    ...(row.products?.duration_seconds ? { duration: row.products.duration_seconds } : {}),
  };
}

/** The user's purchases, newest first; null (after a warning) when they could not be loaded (docs/product-rules.md §8). */
export async function fetchPurchases(client: SupabaseClient, userId: string): Promise<Purchase[] | null> {
  try {
    const { data, error } = await client
      .from('purchases')
      .select(PURCHASE_COLUMNS)
      .eq('user_id', userId)
      .order('created_at', { ascending: false });
    if (error) throw error;
    return (data as PurchaseRow[]).map(toPurchase);
  } catch (error) {
    console.warn('Could not load purchases:', errorMessage(error, String(error)));
    return null;
  }
}

export type AdminCheck = 'admin' | 'not-admin' | 'failed';

/**
 * The admin check of docs/product-rules.md §7: a user_roles row with role admin means admin; none means not an admin; any
 * other failure is reported as 'failed' (the account flow treats it as not admin). maybeSingle() rather than
 * single(): the same answer without a 406 response (and a browser console error) for every non-admin; a
 * PGRST116 from a server that still sends one means no row too.
 */
export async function checkAdminRole(client: SupabaseClient, userId: string): Promise<AdminCheck> {
  try {
    const { data, error } = await client
      .from('user_roles')
      .select('role')
      .eq('user_id', userId)
      .eq('role', 'admin')
      .maybeSingle();
    if (!error) return data ? 'admin' : 'not-admin';
    if (error.code === 'PGRST116') return 'not-admin';
    console.warn('Admin check failed:', error.message);
    return 'failed';
  } catch (error) {
    console.warn('Admin check failed:', errorMessage(error, String(error)));
    return 'failed';
  }
}
