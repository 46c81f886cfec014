import { useCallback } from 'react';
import { useAuth } from './auth-context';
import type { AuthUser } from './auth-types';

/** What the header needs from the auth state. (Guarded pages send a visitor who signs out there home.) */
export function useHeaderAuth(): { user: AuthUser | null; onSignOut: () => void } {
  const { user, signOut } = useAuth();
  const onSignOut = useCallback(() => void signOut(), [signOut]);
  return { user, onSignOut };
}
