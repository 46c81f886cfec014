import { queryOptions } from '@tanstack/react-query';
import { anyColumnContains } from '@/lib/postgrest-filter';
import { getSupabase } from '@/lib/supabase';
import { fail } from './client';
import { adminKeys } from './keys';

// The catalogue as admins read it (published or not): the dashboard's catalogue tab edits it, and the programmes
// screens offer its audio for steps and assignments, both from this one read.

/** What products and packages both have. */
export interface CatalogueRow {
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

export const PRODUCT_COLUMNS =
  'id, slug, title, category, description, price_pence, published, audio_path, preview_path, duration_seconds';

/** Products or packages, every one (admins read unpublished too), matching the search in title or category. */
export async function readCatalogue(
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
