import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { supabaseEnv as env } from '@/config/supabase-env';
import { queryKeyRoots } from '@/lib/query-client';
import { mapPackageRows, mapProductRows, PACKAGE_COLUMNS, PRODUCT_COLUMNS } from './catalogue-rows';
import { readCatalogueSnapshot } from './catalogue-snapshot';
import type { Catalogue, CatalogueProduct, CataloguePackage } from './catalogue-types';

// The published catalogue, read from the REST API with the public anon key. Plain fetch: these reads need
// no session, so supabase-js stays off the catalogue pages' first load.

async function readRest(table: string, select: string, signal?: AbortSignal): Promise<unknown> {
  const params = new URLSearchParams({ select, published: 'eq.true', order: 'sort_order.asc' });
  const response = await fetch(`${env.supabaseUrl}/rest/v1/${table}?${params.toString()}`, {
    headers: { apikey: env.supabaseAnonKey, Authorization: `Bearer ${env.supabaseAnonKey}` },
    signal,
  });
  if (!response.ok) throw new Error(`Catalogue request failed (${response.status})`);
  return response.json() as Promise<unknown>;
}

export const catalogueKeys = {
  all: queryKeyRoots.catalogue,
};

export async function fetchProducts(signal?: AbortSignal): Promise<CatalogueProduct[]> {
  return mapProductRows(await readRest('products', PRODUCT_COLUMNS, signal));
}

export async function fetchPackages(signal?: AbortSignal): Promise<CataloguePackage[]> {
  return mapPackageRows(await readRest('packages', PACKAGE_COLUMNS, signal));
}

export async function fetchCatalogue(signal?: AbortSignal): Promise<Catalogue> {
  const [products, packages] = await Promise.all([fetchProducts(signal), fetchPackages(signal)]);
  return { products, packages };
}

/**
 * Products and packages are read and replaced together: a package names its audios by id, so a page must
 * never show packages from one read with products from another (after a re-seed the ids differ, and a
 * package would show no contents until the other read landed: a layout shift).
 */
export function catalogueQueryOptions() {
  return queryOptions({ queryKey: catalogueKeys.all, queryFn: ({ signal }) => fetchCatalogue(signal) });
}

// The prerendered pages carry the catalogue they were built with: it is the first data (the hydration renders
// exactly the prerendered HTML), marked as old so the database is asked again once the page is idle. Not as
// the query mounts: a read started while the page hydrates makes React re-render the whole list at once (one
// long task on a phone) to show, usually, nothing new. A page reached without the snapshot reads at mount.

function useRefreshWhenIdle(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const refresh = () =>
      void queryClient.refetchQueries(
        { queryKey: catalogueKeys.all, type: 'active', stale: true },
        { cancelRefetch: false },
      );
    if (typeof requestIdleCallback === 'function') {
      const handle = requestIdleCallback(refresh, { timeout: 2000 });
      return () => cancelIdleCallback(handle);
    }
    const timer = setTimeout(refresh, 0);
    return () => clearTimeout(timer);
  }, [queryClient]);
}

function useCatalogue<T>(select: (catalogue: Catalogue) => T) {
  useRefreshWhenIdle();
  return useQuery({
    ...catalogueQueryOptions(),
    initialData: () => readCatalogueSnapshot() ?? undefined,
    initialDataUpdatedAt: 0,
    refetchOnMount: false,
    select,
  });
}

const selectProducts = (catalogue: Catalogue) => catalogue.products;
const selectPackages = (catalogue: Catalogue) => catalogue.packages;

export function useProducts() {
  return useCatalogue(selectProducts);
}

export function usePackages() {
  return useCatalogue(selectPackages);
}
