import { useMemo } from 'react';
import { useCart } from '@/features/cart/cart-context';
import { priceCart, type PricedCart } from '@/features/cart/cart-pricing';
import { useCatalogue } from '@/features/catalogue/catalogue-api';
import { catalogueLookup } from '@/features/catalogue/catalogue-lookup';
import { ownershipCheck } from '@/features/catalogue/package-value';
import { useOwnedProductIds } from './shop-actions';

/** The cart priced from the catalogue (never from storage), with owned items left unpaid. Null while loading. */
export function usePricedCart(): {
  priced: PricedCart | null;
  isError: boolean;
  retry: () => void;
} {
  const { items } = useCart();
  const { catalogue, error, retry } = useCatalogue();
  const owned = useOwnedProductIds();
  const priced = useMemo(() => {
    if (!catalogue) return null;
    return priceCart(
      items,
      catalogueLookup(catalogue.products, catalogue.packages),
      ownershipCheck(catalogue.packages, owned),
    );
  }, [items, catalogue, owned]);
  return { priced, isError: error, retry };
}
