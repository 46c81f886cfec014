import { useMemo } from 'react';
import { useCart } from '@/features/cart/cart-context';
import { priceCart, type PricedCart, type PricingDetails } from '@/features/cart/cart-pricing';
import type { CartLine } from '@/features/cart/cart-types';
import { useCatalogue } from '@/features/catalogue/catalogue-api';
import { catalogueLookup } from '@/features/catalogue/catalogue-lookup';
import type { Catalogue } from '@/features/catalogue/catalogue-types';
import { productsById } from '@/features/catalogue/package-value';
import { useOwnedProductIds } from './shop-actions';

/** The catalogue's details of a cart line, with a package's audios, for pricing it as checkout will. */
function pricingLookup(catalogue: Catalogue): (line: CartLine) => PricingDetails | null {
  const lookup = catalogueLookup(catalogue.products, catalogue.packages);
  const products = productsById(catalogue.products);
  const packages = new Map(catalogue.packages.map((pkg) => [pkg.slug, pkg]));
  return (line) => {
    const details = lookup(line);
    if (!details || line.kind !== 'package') return details;
    const members = (packages.get(line.slug)?.productIds ?? []).flatMap((id) => {
      const product = products.get(id);
      return product ? [{ id, title: product.title, pricePence: product.pricePence }] : [];
    });
    return { ...details, members };
  };
}

/**
 * The cart priced from the catalogue (never from storage) as checkout will charge it, owned and doubled
 * items flagged and left unpaid. Null while loading.
 */
export function usePricedCart(): {
  priced: PricedCart | null;
  isError: boolean;
  retry: () => void;
} {
  const { items } = useCart();
  const { catalogue, error, retry } = useCatalogue();
  const owned = useOwnedProductIds();
  const priced = useMemo(
    () => (catalogue ? priceCart(items, pricingLookup(catalogue), owned) : null),
    [items, catalogue, owned],
  );
  return { priced, isError: error, retry };
}
