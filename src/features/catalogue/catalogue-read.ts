import { supabaseEnv as env } from '@/config/supabase-env';
import { mapPackageRows, mapProductRows, PACKAGE_COLUMNS, PRODUCT_COLUMNS } from './catalogue-rows';
import type { Catalogue, CatalogueProduct, CataloguePackage } from './catalogue-types';

// The published catalogue, read from the REST API with the public anon key. Plain fetch: these reads need no
// session, so supabase-js stays off the catalogue pages. Loaded by catalogue-api.ts when it first reads.

async function readRest(table: string, select: string): Promise<unknown> {
  const params = new URLSearchParams({ select, published: 'eq.true', order: 'sort_order.asc' });
  const response = await fetch(`${env.supabaseUrl}/rest/v1/${table}?${params.toString()}`, {
    headers: { apikey: env.supabaseKey, Authorization: `Bearer ${env.supabaseKey}` },
  });
  if (!response.ok) throw new Error(`Catalogue request failed (${response.status})`);
  return response.json() as Promise<unknown>;
}

async function fetchProducts(): Promise<CatalogueProduct[]> {
  return mapProductRows(await readRest('products', PRODUCT_COLUMNS));
}

async function fetchPackages(): Promise<CataloguePackage[]> {
  return mapPackageRows(await readRest('packages', PACKAGE_COLUMNS));
}

/**
 * Products and packages are read and replaced together: a package names its audios by id, so a page must
 * never show packages from one read with products from another (after a re-seed the ids differ, and a
 * package would show no contents until the other read landed: a layout shift).
 */
export async function fetchCatalogue(): Promise<Catalogue> {
  const [products, packages] = await Promise.all([fetchProducts(), fetchPackages()]);
  return { products, packages };
}
