import { createContext, useContext } from 'react';
import type { CartContextValue } from './cart-types';

export const CartContext = createContext<CartContextValue | null>(null);

/** The cart (docs/product-rules.md §4 "Cart"). Using it outside <CartProvider> is a programming error (docs/product-rules.md §8). */
export function useCart(): CartContextValue {
  const value = useContext(CartContext);
  if (!value) throw new Error('useCart must be used within a CartProvider');
  return value;
}
