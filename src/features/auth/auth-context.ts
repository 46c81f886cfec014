import { createContext, useContext } from 'react';
import type { AuthContextValue } from './auth-types';

export const AuthContext = createContext<AuthContextValue | null>(null);

/** The auth state (docs/product-rules.md §4 "Auth"). Using it outside <AuthProvider> is a programming error (docs/product-rules.md §8). */
export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used within an AuthProvider');
  return value;
}
