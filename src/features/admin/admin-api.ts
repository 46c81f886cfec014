import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { OrderStatus } from '@/content/admin';
import { anyColumnContains } from '@/lib/postgrest-filter';
import { getSupabase } from '@/lib/supabase';

// Every read and write of the dashboard: admin-checked RPCs (security definer, is_admin() inside) and tables
// under RLS. Aggregates, filters and paging happen in SQL; the page only shows what comes back.

export class AdminApiError extends Error {
  constructor(
    message: string,
    readonly code?: string,
  ) {
    super(message);
    this.name = 'AdminApiError';
  }
}

interface PostgrestLikeError {
  message: string;
  code?: string;
}

function fail(error: PostgrestLikeError): never {
  throw new AdminApiError(error.message, error.code);
}

/** Calls an admin function (each checks is_admin() itself) and answers its result, or throws its error. */
async function callRpc<T>(name: string, args?: Record<string, unknown>): Promise<T> {
  const client = await getSupabase();
  const { data, error } = await (args ? client.rpc(name, args) : client.rpc(name));
  if (error) fail(error);
  return data as T;
}

export const PAGE_SIZE = 25;

export interface Overview {
  revenue_today_pence: number;
  revenue_30_days_pence: number;
  revenue_all_time_pence: number;
  orders_today: number;
  orders_30_days: number;
  orders_all_time: number;
  average_order_pence: number;
  customers: number;
  best_sellers: { title: string; kind: 'product' | 'package'; units: number; revenue_pence: number }[];
  weekly: { week_start: string; orders: number; revenue_pence: number }[];
  disputes_open: number;
}

/** An order with a chargeback (admin_disputed_orders): open (audio suspended), won (restored) or lost. */
export interface DisputedOrder {
  id: string;
  created_at: string;
  email: string | null;
  amount_paid_pence: number | null;
  status: OrderStatus;
  dispute_status: 'open' | 'won' | 'lost';
  disputed_at: string | null;
  dispute_closed_at: string | null;
}

/** What one reconciliation run did (the reconcile-payments edge function). */
export interface ReconcileResult {
  checked: number;
  fulfilled: number;
  failed: number;
  refunds: number;
  receipts: number;
}

export interface OrderFilters {
  search: string;
  status: OrderStatus | '';
  from: string;
  to: string;
}

export const emptyOrderFilters: OrderFilters = { search: '', status: '', from: '', to: '' };

export interface OrderRow {
  id: string;
  created_at: string;
  user_id: string | null;
  email: string | null;
  status: OrderStatus;
  amount_pence: number;
  amount_paid_pence: number | null;
  refunded_at: string | null;
  items: string | null;
  item_count: number;
}

export interface OrderDetail {
  id: string;
  created_at: string;
  status: OrderStatus;
  user_id: string | null;
  email: string | null;
  amount_pence: number;
  amount_paid_pence: number | null;
  stripe_payment_intent_id: string | null;
  fulfilled_at: string | null;
  refunded_at: string | null;
  /** Paid for audio already owned, refunded automatically (docs/money.md). */
  ungranted_pence?: number;
  ungranted_refunded_at?: string | null;
  dispute_status?: 'open' | 'won' | 'lost' | null;
  lines: { position: number; kind: string; title: string; category: string; price_pence: number }[];
  purchases: { id: string; title: string; price: number | string }[];
}

export interface CustomerRow {
  id: string;
  email: string;
  joined_at: string;
  last_sign_in_at: string | null;
  orders: number;
  spent_pence: number;
  is_admin: boolean;
}

export interface CustomerPurchase {
  id: string;
  product_id: string | null;
  title: string;
  category: string | null;
  price: number | string;
  order_id: string | null;
  created_at: string;
}

/** What products and packages both have. */
interface CatalogueRow {
  id: string;
  slug: string;
  title: string;
  category: string;
  description: string;
  price_pence: number;
  published: boolean;
}

export interface ProductRow extends CatalogueRow {
  audio_path: string | null;
  preview_path: string | null;
  /** How long the full track plays (read from the uploaded file, editable); the shop shows it. */
  duration_seconds: number | null;
}

export interface PackageRow extends CatalogueRow {
  package_items: { position: number; product_id: string; products: { title: string } | null }[];
}

export interface AdminRow {
  user_id: string;
  email: string;
  granted_at: string;
  last_sign_in_at: string | null;
}

export interface ActivityRow {
  id: number;
  created_at: string;
  actor_email: string | null;
  action: string;
  entity_type: string;
  summary: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

export type PageOf<T> = { rows: T[]; hasMore: boolean };

function page<T>(rows: T[]): PageOf<T> {
  return { rows: rows.slice(0, PAGE_SIZE), hasMore: rows.length > PAGE_SIZE };
}

function orderArgs(filters: OrderFilters) {
  return {
    p_search: filters.search.trim() || null,
    p_status: filters.status || null,
    p_from: filters.from || null,
    p_to: filters.to || null,
  };
}


export const adminKeys = {
  all: ['admin'] as const,
  overview: () => [...adminKeys.all, 'overview'] as const,
  disputes: () => [...adminKeys.all, 'overview', 'disputes'] as const,
  orders: (filters: OrderFilters, pageIndex: number) =>
    [...adminKeys.all, 'orders', filters, pageIndex] as const,
  order: (id: string) => [...adminKeys.all, 'order', id] as const,
  customers: (search: string, pageIndex: number) =>
    [...adminKeys.all, 'customers', search, pageIndex] as const,
  customerPurchases: (userId: string) => [...adminKeys.all, 'customer-purchases', userId] as const,
  products: (search: string) => [...adminKeys.all, 'products', search] as const,
  packages: (search: string) => [...adminKeys.all, 'packages', search] as const,
  admins: () => [...adminKeys.all, 'admins'] as const,
  activity: (entity: string, pageIndex: number) => [...adminKeys.all, 'activity', entity, pageIndex] as const,
};

type AdminArea =
  | 'overview'
  | 'orders'
  | 'order'
  | 'customers'
  | 'customer-purchases'
  | 'products'
  | 'packages'
  | 'admins'
  | 'activity';

/**
 * After a write: refetch the areas it changed (and the activity log, which records every write), without
 * waiting for them, so the form that wrote is free again at once.
 */
export function refreshAfterWrite(queryClient: QueryClient, areas: AdminArea[]): void {
  for (const area of [...areas, 'activity' as const]) {
    void queryClient.invalidateQueries({ queryKey: [...adminKeys.all, area] });
  }
}

export const overviewQuery = () =>
  queryOptions({
    queryKey: adminKeys.overview(),
    queryFn: () => callRpc<Overview>('admin_overview'),
  });

export const disputedOrdersQuery = () =>
  queryOptions({
    queryKey: adminKeys.disputes(),
    queryFn: () => callRpc<DisputedOrder[]>('admin_disputed_orders'),
  });

export const ordersQuery = (filters: OrderFilters, pageIndex: number) =>
  queryOptions({
    queryKey: adminKeys.orders(filters, pageIndex),
    queryFn: async (): Promise<PageOf<OrderRow>> =>
      page(
        await callRpc<OrderRow[]>('admin_list_orders', {
          ...orderArgs(filters),
          p_limit: PAGE_SIZE + 1,
          p_offset: pageIndex * PAGE_SIZE,
        }),
      ),
  });

export const orderQuery = (id: string) =>
  queryOptions({
    queryKey: adminKeys.order(id),
    queryFn: () => callRpc<OrderDetail>('admin_order_detail', { p_order_id: id }),
  });

/** The CSV of every order matching the filters, computed in SQL by the same query as the list. */
export async function exportOrdersCsv(filters: OrderFilters): Promise<string> {
  return callRpc<string>('admin_export_orders', orderArgs(filters));
}

export const customersQuery = (search: string, pageIndex: number) =>
  queryOptions({
    queryKey: adminKeys.customers(search, pageIndex),
    queryFn: async (): Promise<PageOf<CustomerRow>> =>
      page(
        await callRpc<CustomerRow[]>('admin_list_customers', {
          p_search: search.trim() || null,
          p_limit: PAGE_SIZE + 1,
          p_offset: pageIndex * PAGE_SIZE,
        }),
      ),
  });

export const customerPurchasesQuery = (userId: string) =>
  queryOptions({
    queryKey: adminKeys.customerPurchases(userId),
    queryFn: () => callRpc<CustomerPurchase[]>('admin_customer_purchases', { p_user_id: userId }),
  });

export async function grantAudio(userId: string, productId: string): Promise<void> {
  await callRpc<null>('admin_grant_audio', { p_user_id: userId, p_product_id: productId });
}

const PRODUCT_COLUMNS =
  'id, slug, title, category, description, price_pence, published, audio_path, preview_path, duration_seconds';

/** Products or packages, every one (admins read unpublished too), matching the search in title or category. */
async function readCatalogue(
  table: 'products' | 'packages',
  columns: string,
  search: string,
): Promise<unknown> {
  const client = await getSupabase();
  let query = client.from(table).select(columns);
  const text = search.trim();
  // Quoted and escaped: 'Drink Less, Live More' is one value, and no search text can add a filter term.
  if (text) query = query.or(anyColumnContains(['title', 'category'], text));
  const { data, error } = await query.order('category').order('sort_order').order('title');
  if (error) fail(error);
  return data;
}

export const productsQuery = (search: string) =>
  queryOptions({
    queryKey: adminKeys.products(search),
    queryFn: async () => (await readCatalogue('products', PRODUCT_COLUMNS, search)) as ProductRow[],
  });

const PACKAGE_COLUMNS =
  'id, slug, title, category, description, price_pence, published, package_items(position, product_id, products(title))';

export const packagesQuery = (search: string) =>
  queryOptions({
    queryKey: adminKeys.packages(search),
    queryFn: async (): Promise<PackageRow[]> =>
      ((await readCatalogue('packages', PACKAGE_COLUMNS, search)) as PackageRow[]).map((row) => ({
        ...row,
        package_items: [...row.package_items].sort((a, b) => a.position - b.position),
      })),
  });

export interface CatalogueEdit {
  title: string;
  category: string;
  description: string;
  price_pence: number;
  published: boolean;
  /** Products only. */
  duration_seconds?: number | null;
}

export async function updateCatalogueItem(
  table: 'products' | 'packages',
  id: string,
  changes: CatalogueEdit,
): Promise<void> {
  const client = await getSupabase();
  const { error } = await client.from(table).update(changes).eq('id', id).select('id').single();
  if (error) fail(error);
}

/** A URL-safe slug from a title, unique enough with a short random suffix (never shown in object names). */
function slugFor(title: string): string {
  const base = title
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/g, '');
  const suffix = crypto.randomUUID().slice(0, 6);
  return base ? `${base}-${suffix}` : `audio-${suffix}`;
}

export async function createProduct(fields: CatalogueEdit): Promise<ProductRow> {
  const client = await getSupabase();
  const { data, error } = await client
    .from('products')
    .insert({ ...fields, slug: slugFor(fields.title) })
    .select(PRODUCT_COLUMNS)
    .single();
  if (error) fail(error);
  return data as ProductRow;
}

/** Creates a package holding the given audios in that order (admin_create_package checks and logs). */
export async function createPackage(fields: CatalogueEdit, productIds: string[]): Promise<string> {
  return callRpc<string>('admin_create_package', {
    p_title: fields.title,
    p_description: fields.description,
    p_category: fields.category,
    p_price_pence: fields.price_pence,
    p_published: fields.published,
    p_product_ids: productIds,
  });
}

/** Adds an audio at the end of a package. */
export async function addPackageItem(packageId: string, productId: string): Promise<void> {
  await callRpc<null>('admin_add_package_item', {
    p_package_id: packageId,
    p_product_id: productId,
  });
}

/** Takes an audio out of a package (customers keep what they bought). */
export async function removePackageItem(packageId: string, productId: string): Promise<void> {
  await callRpc<null>('admin_remove_package_item', {
    p_package_id: packageId,
    p_product_id: productId,
  });
}

export const adminsQuery = () =>
  queryOptions({
    queryKey: adminKeys.admins(),
    queryFn: () => callRpc<AdminRow[]>('admin_list_admins'),
  });

export async function grantAdmin(email: string): Promise<void> {
  await callRpc<null>('admin_grant_admin', { p_email: email });
}

export async function revokeAdmin(userId: string): Promise<void> {
  await callRpc<null>('admin_revoke_admin', { p_user_id: userId });
}

export const activityQuery = (entity: string, pageIndex: number) =>
  queryOptions({
    queryKey: adminKeys.activity(entity, pageIndex),
    queryFn: async (): Promise<PageOf<ActivityRow>> => {
      const client = await getSupabase();
      let query = client
        .from('admin_activity')
        .select('id, created_at, actor_email, action, entity_type, summary, before, after');
      if (entity) query = query.eq('entity_type', entity);
      const { data, error } = await query
        .order('created_at', { ascending: false })
        .order('id', { ascending: false })
        .range(pageIndex * PAGE_SIZE, pageIndex * PAGE_SIZE + PAGE_SIZE);
      if (error) fail(error);
      return page(data as ActivityRow[]);
    },
  });

/** The signed-in admin's user id (to mark "you" in the admins list). */
export async function currentUserId(): Promise<string | null> {
  const client = await getSupabase();
  const { data } = await client.auth.getSession();
  return data.session?.user.id ?? null;
}

/** Fulfils paid payments whose webhook never arrived (the reconcile-payments edge function). */
export async function reconcilePayments(): Promise<ReconcileResult> {
  const client = await getSupabase();
  const { data, error } = await client.functions.invoke<ReconcileResult>('reconcile-payments', { body: {} });
  if (error) await functionFailure(error);
  return data as ReconcileResult;
}

/** Throws an AdminApiError with the function's own message when it sent one. */
async function functionFailure(error: Error): Promise<never> {
  let message = error.message;
  const context = (error as { context?: unknown }).context;
  if (context instanceof Response) {
    try {
      const body = (await context.json()) as { error?: string; message?: string };
      message = body.error ?? body.message ?? message;
    } catch {
      // not JSON: keep supabase-js's message
    }
  }
  throw new AdminApiError(message);
}

/** Refunds a paid order through Stripe (the refund-order edge function) and revokes its audio. */
export async function refundOrder(orderId: string): Promise<void> {
  const client = await getSupabase();
  const { error } = await client.functions.invoke('refund-order', { body: { orderId } });
  if (!error) return;
  let message = error.message;
  const context = (error as { context?: unknown }).context;
  if (context instanceof Response) {
    try {
      const body = (await context.json()) as { error?: string; message?: string };
      message = body.error ?? body.message ?? message;
    } catch {
      // not JSON: keep supabase-js's message
    }
  }
  throw new AdminApiError(message);
}
