import { closeDatabase, createDatabase } from '../supabase/local/db/db';
import {
  mapPackageRows,
  mapProductRows,
  PACKAGE_COLUMNS,
  PRODUCT_COLUMNS,
} from '../src/features/catalogue/catalogue-rows';
import type { Catalogue } from '../src/features/catalogue/catalogue-types';
import { hostedPublicKey, usesHostedSupabase } from './build-config';

// The published catalogue the build prerenders /individual-audios and /audio-library with: read from the
// configured hosted project (REST, publishable key: exactly what a visitor may read), or, for a local build, from
// an in-memory database with the project's migrations and seed (what the local stack starts with).

/** The published catalogue as a visitor reads it from a project's REST API (hosted, or the running local stack). */
export async function readPublishedCatalogue(url: string, publicKey: string): Promise<Catalogue> {
  const read = async (table: string, select: string) => {
    const params = new URLSearchParams({ select, published: 'eq.true', order: 'sort_order.asc' });
    const response = await fetch(`${url}/rest/v1/${table}?${params.toString()}`, {
      headers: { apikey: publicKey, Authorization: `Bearer ${publicKey}` },
    });
    if (!response.ok)
      throw new Error(`Reading ${table} from ${url} failed: ${response.status} ${await response.text()}`);
    return (await response.json()) as unknown;
  };
  const [products, packages] = await Promise.all([
    read('products', PRODUCT_COLUMNS),
    read('packages', PACKAGE_COLUMNS),
  ]);
  return { products: mapProductRows(products), packages: mapPackageRows(packages) };
}

async function readSeed(): Promise<Catalogue> {
  const db = await createDatabase();
  try {
    const products = await db.query(
      `select id, slug, title, category, description, price_pence, duration_seconds, preview_path, sort_order
         from public.products where published order by sort_order, title`,
    );
    const packages = await db.query(
      `select p.id, p.slug, p.title, p.description, p.category, p.price_pence, p.sort_order,
              coalesce((select json_agg(json_build_object('product_id', i.product_id, 'position', i.position)
                                        order by i.position)
                          from public.package_items i where i.package_id = p.id), '[]'::json) as package_items
         from public.packages p where p.published order by p.sort_order, p.title`,
    );
    return { products: mapProductRows(products.rows), packages: mapPackageRows(packages.rows) };
  } finally {
    await closeDatabase(db);
  }
}

/** The catalogue to prerender with; the pages refresh it from the database after hydration. */
export async function loadCatalogueSnapshot(): Promise<Catalogue> {
  const catalogue = usesHostedSupabase()
    ? await readPublishedCatalogue(process.env.VITE_SUPABASE_URL as string, hostedPublicKey() as string)
    : await readSeed();
  if (catalogue.products.length === 0) throw new Error('The catalogue snapshot has no published products');
  return catalogue;
}
