import { useMemo } from 'react';
import { useCart } from '@/features/cart/cart-context';
import { priceCart, type PricedCart } from '@/features/cart/cart-pricing';
import { usePackages, useProducts } from '@/features/catalogue/catalogue-api';
import { catalogueLookup, ownershipCheck } from '@/features/catalogue/catalogue-lookup';
import { useOwnedProductIds } from './shop-actions';

/** The cart priced from the catalogue (never from storage), with owned items left unpaid. Null while loading. */
export function usePricedCart(): {
  priced: PricedCart | null;
  isError: boolean;
  retry: () => void;
} {
  const { items } = useCart();
  const products = useProducts();
  const packages = usePackages();
  const owned = useOwnedProductIds();
  const priced = useMemo(() => {
    if (!products.data || !packages.data) return null;
    return priceCart(
      items,
      catalogueLookup(products.data, packages.data),
      ownershipCheck(packages.data, owned),
    );
  }, [items, products.data, packages.data, owned]);
  return {
    priced,
    isError: products.isError || packages.isError,
    retry: () => void Promise.all([products.refetch(), packages.refetch()]),
  };
}
