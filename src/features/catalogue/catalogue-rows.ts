import type { CatalogueProduct, CataloguePackage } from './catalogue-types';

// The REST (PostgREST) rows of the published catalogue and their mapping into the app's shapes. Used in the
// browser and by the build's catalogue snapshot, so both read the very same columns.

export const PRODUCT_COLUMNS =
  'id,slug,title,category,description,price_pence,duration_seconds,preview_path,sort_order';
export const PACKAGE_COLUMNS =
  'id,slug,title,description,category,price_pence,sort_order,package_items(product_id,position)';

export class CatalogueFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CatalogueFormatError';
  }
}

function field<T>(row: Record<string, unknown>, name: string, check: (value: unknown) => value is T): T {
  const value = row[name];
  if (!check(value)) throw new CatalogueFormatError(`Catalogue row has an invalid ${name}`);
  return value;
}
const isString = (value: unknown): value is string => typeof value === 'string';
const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const isNullableNumber = (value: unknown): value is number | null => value === null || isNumber(value);
const isNullableString = (value: unknown): value is string | null => value === null || isString(value);
const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

function rows(value: unknown): Record<string, unknown>[] {
  if (!Array.isArray(value) || !value.every(isObject))
    throw new CatalogueFormatError('Expected a list of rows');
  return value;
}

export function mapProductRows(value: unknown): CatalogueProduct[] {
  return rows(value)
    .map((row) => ({
      id: field(row, 'id', isString),
      slug: field(row, 'slug', isString),
      title: field(row, 'title', isString),
      category: field(row, 'category', isString),
      description: field(row, 'description', isString),
      pricePence: field(row, 'price_pence', isNumber),
      durationSeconds: field(row, 'duration_seconds', isNullableNumber),
      previewPath: field(row, 'preview_path', isNullableString),
      sortOrder: field(row, 'sort_order', isNumber),
    }))
    .sort((a, b) => a.sortOrder - b.sortOrder || a.title.localeCompare(b.title));
}

export function mapPackageRows(value: unknown): CataloguePackage[] {
  return rows(value)
    .map((row) => {
      const items = rows(row.package_items ?? []).map((item) => ({
        productId: field(item, 'product_id', isString),
        position: field(item, 'position', isNumber),
      }));
      return {
        id: field(row, 'id', isString),
        slug: field(row, 'slug', isString),
        title: field(row, 'title', isString),
        description: field(row, 'description', isString),
        category: field(row, 'category', isString),
        pricePence: field(row, 'price_pence', isNumber),
        sortOrder: field(row, 'sort_order', isNumber),
        productIds: items.sort((a, b) => a.position - b.position).map((item) => item.productId),
      };
    })
    .sort((a, b) => a.sortOrder - b.sortOrder || a.title.localeCompare(b.title));
}
