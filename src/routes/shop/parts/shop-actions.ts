import { useMemo } from 'react';
import { useAuth } from '@/features/auth/auth-context';
import { useCart } from '@/features/cart/cart-context';
import { cartLineKey } from '@/features/cart/cart-types';
import { ownershipCheck } from '@/features/catalogue/package-value';
import type { CataloguePackage, ShopActions } from '@/features/catalogue/catalogue-types';

// Where the shop's features meet (features do not import each other): the account's purchases decide what
// is owned, the cart what is already added; the catalogue pages get one ShopActions.

/** Ids of the catalogue products the signed-in customer owns. */
export function useOwnedProductIds(): ReadonlySet<string> {
  const { purchases } = useAuth();
  return useMemo(
    () => new Set(purchases.flatMap((purchase) => (purchase.productId ? [purchase.productId] : []))),
    [purchases],
  );
}

const noPackages: readonly CataloguePackage[] = [];

export function useShopActions(packages: readonly CataloguePackage[] = noPackages): ShopActions {
  const { items, addItem } = useCart();
  const owned = useOwnedProductIds();
  return useMemo(() => {
    const isOwned = ownershipCheck(packages, owned);
    const inCart = new Set(items.map(cartLineKey));
    return {
      availability: ({ kind, id, slug }) =>
        isOwned({ kind, id }) ? 'owned' : inCart.has(cartLineKey({ kind, slug })) ? 'in-cart' : 'available',
      // At once, by slug, from the catalogue shown (the build's snapshot too): the cart and checkout look the
      // slug up in the live catalogue, and create-checkout prices it from the database.
      add: ({ kind, id, slug }, title) => {
        if (!isOwned({ kind, id })) addItem({ kind, slug }, title);
      },
    };
  }, [packages, owned, items, addItem]);
}
