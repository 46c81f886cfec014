import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useHydratedStore } from '@/lib/hydration';
import { AuthContext } from './auth-context';
import { createAuthStore, serverAuthState } from './auth-store';
import type { AuthContextValue } from './auth-types';

const getServerSnapshot = () => serverAuthState;

/**
 * Session, user, purchases and the admin flag for the whole app (docs/product-rules.md §4 "Auth"). The prerender and the
 * hydration render the signed-out markup; right after, the state read from storage shows a signed-in header,
 * and supabase-js loads only when a session may exist or a page asks for the client.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const [store] = useState(createAuthStore);
  const state = useHydratedStore(store.subscribe, store.getSnapshot, getServerSnapshot);
  useEffect(() => store.start(), [store]);
  const value = useMemo<AuthContextValue>(
    () => ({ ...state, refreshPurchases: store.refreshPurchases, signOut: store.signOut }),
    [state, store],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
