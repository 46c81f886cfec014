import { cartText } from '@/content/shop';
import type { CatalogueItemKind, CatalogueProduct, CataloguePackage } from './catalogue-types';
import { isPackageOwned } from './package-value';

export interface CatalogueItemDetails {
  title: string;
  category: string;
  pricePence: number;
}

/** Finds a catalogue item by kind and id: its title, category and price as the catalogue has them now. */
export function catalogueLookup(
  products: readonly CatalogueProduct[],
  packages: readonly CataloguePackage[],
): (item: { kind: CatalogueItemKind; id: string }) => CatalogueItemDetails | null {
  const productMap = new Map(products.map((product) => [product.id, product]));
  const packageMap = new Map(packages.map((pkg) => [pkg.id, pkg]));
  return ({ kind, id }) => {
    if (kind === 'product') {
      const product = productMap.get(id);
      return product
        ? { title: product.title, category: product.category, pricePence: product.pricePence }
        : null;
    }
    const pkg = packageMap.get(id);
    return pkg
      ? { title: pkg.title, category: cartText.packageCategory(pkg.category), pricePence: pkg.pricePence }
      : null;
  };
}

/** Whether the customer already owns an item: a product they bought, or a package whose audios they all have. */
export function ownershipCheck(
  packages: readonly CataloguePackage[],
  ownedProductIds: ReadonlySet<string>,
): (item: { kind: CatalogueItemKind; id: string }) => boolean {
  const packageMap = new Map(packages.map((pkg) => [pkg.id, pkg]));
  return ({ kind, id }) => {
    if (kind === 'product') return ownedProductIds.has(id);
    const pkg = packageMap.get(id);
    return pkg ? isPackageOwned(pkg, ownedProductIds) : false;
  };
}
