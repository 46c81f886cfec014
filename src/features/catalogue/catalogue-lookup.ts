import { cartText } from '@/content/orders';
import type { CatalogueItemKind, CatalogueProduct, CataloguePackage } from './catalogue-types';

export interface CatalogueItemDetails {
  id: string;
  title: string;
  category: string;
  pricePence: number;
}

/**
 * Finds a catalogue item by kind and slug (what a cart line holds: it survives a rebuild and a reseed): its id,
 * title, category and price as the catalogue has them now.
 */
export function catalogueLookup(
  products: readonly CatalogueProduct[],
  packages: readonly CataloguePackage[],
): (item: { kind: CatalogueItemKind; slug: string }) => CatalogueItemDetails | null {
  const productMap = new Map(products.map((product) => [product.slug, product]));
  const packageMap = new Map(packages.map((pkg) => [pkg.slug, pkg]));
  return ({ kind, slug }) => {
    if (kind === 'product') {
      const product = productMap.get(slug);
      return product
        ? { id: product.id, title: product.title, category: product.category, pricePence: product.pricePence }
        : null;
    }
    const pkg = packageMap.get(slug);
    return pkg
      ? {
          id: pkg.id,
          title: pkg.title,
          category: cartText.packageCategory(pkg.category),
          pricePence: pkg.pricePence,
        }
      : null;
  };
}
