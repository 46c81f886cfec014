import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callRpc, fail } from '@/lib/admin-api/client';
import { adminKeys } from '@/lib/admin-api/keys';
import { PRODUCT_COLUMNS, readCatalogue, type CatalogueRow, type ProductRow } from '@/lib/admin-api/products';
import type { AudioFormat } from '@/lib/audio-upload';
import { getSupabase } from '@/lib/supabase';
import { replaceProductAudio, type AudioKind } from '../product-audio';
import { refreshAfterWrite } from './refresh';

// The catalogue tab: products and packages (published or not), their edits and a package's contents. The
// products' read is shared with the programmes screens (src/lib/admin-api/products.ts).

export interface PackageRow extends CatalogueRow {
  package_items: { position: number; product_id: string; products: { title: string } | null }[];
}

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

/** A catalogue form's save: a new audio, a new package with its audios, or changes to an existing item. */
export type CatalogueSave =
  | { kind: 'new-product'; fields: CatalogueEdit }
  | { kind: 'new-package'; fields: CatalogueEdit; productIds: string[] }
  | { kind: 'update'; table: 'products' | 'packages'; id: string; fields: CatalogueEdit };

/** Saves a catalogue form; answers the new product (for its audio upload), or null. */
export function useSaveCatalogueItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (save: CatalogueSave): Promise<ProductRow | null> => {
      if (save.kind === 'new-product') return createProduct(save.fields);
      if (save.kind === 'new-package') await createPackage(save.fields, save.productIds);
      else await updateCatalogueItem(save.table, save.id, save.fields);
      return null;
    },
    onSuccess: (_created, save) =>
      void refreshAfterWrite(
        queryClient,
        save.kind === 'new-package' ? ['packages'] : ['products', 'packages', 'overview'],
      ),
  });
}

/** Adds an audio to a saved package or takes one out; settles once the package list on screen has the change. */
export function useChangePackageItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      change,
      packageId,
      productId,
    }: {
      change: 'add' | 'remove';
      packageId: string;
      productId: string;
    }) => (change === 'add' ? addPackageItem(packageId, productId) : removePackageItem(packageId, productId)),
    // Waited for, so the focus and the message follow the change the admin sees.
    onSuccess: () => refreshAfterWrite(queryClient, ['packages']),
  });
}

/** Uploads a product's full track or preview (with progress) and records it; answers the stored name. */
export function useReplaceProductAudio() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (upload: {
      productId: string;
      kind: AudioKind;
      file: File;
      format: AudioFormat;
      onProgress: (percent: number) => void;
      /** The full track's length read from the file, stored with it (null: not read, or a preview). */
      seconds?: number | null;
    }) =>
      replaceProductAudio(
        upload.productId,
        upload.kind,
        upload.file,
        upload.format,
        upload.onProgress,
        upload.seconds ?? null,
      ),
    onSuccess: () => void refreshAfterWrite(queryClient, ['products']),
  });
}
