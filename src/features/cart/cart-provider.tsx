import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { cartToastText } from '@/content/cart';
import { useHydratedStore } from '@/lib/hydration';
import { toast } from '@/lib/toast';
import { CartContext } from './cart-context';
import { createCartStore, serverCart, type CartStore } from './cart-store';
import type { CartContextValue } from './cart-types';

const getServerSnapshot = () => serverCart;

/**
 * The cart for the whole app. Tiny on purpose: it is part of every page's first JavaScript (for the header
 * badge), so it holds only catalogue references; pricing and display live with the shop pages.
 */
export function CartProvider({ children, store: given }: { children: ReactNode; store?: CartStore }) {
  const [store] = useState(() => given ?? createCartStore());
  const items = useHydratedStore(store.subscribe, store.getSnapshot, getServerSnapshot);
  useEffect(() => store.start(), [store]);

  const value = useMemo<CartContextValue>(
    () => ({
      items,
      itemCount: items.length,
      addItem(line, title) {
        const added = store.add(line);
        if (added) toast.success(cartToastText.added, { description: cartToastText.addedDescription(title) });
        return added;
      },
      removeItem: (line) => store.remove(line),
      clear: () => store.clear(),
    }),
    [items, store],
  );
  return <CartContext.Provider value={value}>{children}</CartContext.Provider>;
}
