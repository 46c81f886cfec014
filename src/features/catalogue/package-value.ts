import { inceptionGuideSlug } from '@/config/shop';
import type { CatalogueItemKind, CatalogueProduct, CataloguePackage } from './catalogue-types';

export interface PackageContent {
  product: CatalogueProduct;
  /** The Inception Guide: free with the package. */
  free: boolean;
}

export interface PackageValue {
  contents: PackageContent[];
  /** What the package's paid audios cost bought one by one, in pence. */
  separatePence: number;
  /** separatePence minus the package price (never below zero). */
  savingPence: number;
}

/** What a package contains and what it saves against buying its audios separately. */
export function packageValue(
  pkg: CataloguePackage,
  productsById: ReadonlyMap<string, CatalogueProduct>,
): PackageValue {
  const contents = pkg.productIds.flatMap((id) => {
    const product = productsById.get(id);
    return product ? [{ product, free: product.slug === inceptionGuideSlug }] : [];
  });
  const separatePence = contents
    .filter((item) => !item.free)
    .reduce((sum, item) => sum + item.product.pricePence, 0);
  return { contents, separatePence, savingPence: Math.max(0, separatePence - pkg.pricePence) };
}

/** A package counts as owned once the customer owns every audio in it. */
export function isPackageOwned(pkg: CataloguePackage, ownedProductIds: ReadonlySet<string>): boolean {
  return pkg.productIds.length > 0 && pkg.productIds.every((id) => ownedProductIds.has(id));
}

export function productsById(products: readonly CatalogueProduct[]): Map<string, CatalogueProduct> {
  return new Map(products.map((product) => [product.id, product]));
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
