import { useMemo } from 'react';
import { catalogueText } from '@/content/shop';
import { useAuth } from '@/features/auth/auth-context';
import { useCart } from '@/features/cart/cart-context';
import { cartLineKey } from '@/features/cart/cart-types';
import { useFreshItemResolver } from '@/features/catalogue/catalogue-api';
import { ownershipCheck } from '@/features/catalogue/catalogue-lookup';
import type { CataloguePackage, ShopActions } from '@/features/catalogue/catalogue-types';
import { toast } from '@/lib/toast';

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
  const resolve = useFreshItemResolver();
  return useMemo(() => {
    const isOwned = ownershipCheck(packages, owned);
    const inCart = new Set(items.map(cartLineKey));
    return {
      availability: (kind, id) =>
        isOwned({ kind, id }) ? 'owned' : inCart.has(cartLineKey({ kind, id })) ? 'in-cart' : 'available',
      add: (kind, id, title) => {
        void resolve(kind, id).then(
          (freshId) => {
            if (!freshId) toast.error(catalogueText.unavailable, { description: title });
            else if (!isOwned({ kind, id: freshId })) addItem({ kind, id: freshId }, title);
          },
          (error: unknown) => {
            console.warn('Could not add to the cart:', error);
            toast.error(catalogueText.loadError);
          },
        );
      },
    };
  }, [packages, owned, items, addItem, resolve]);
}
