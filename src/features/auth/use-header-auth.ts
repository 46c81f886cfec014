import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useAuth } from './auth-context';
import type { AuthUser } from './auth-types';

/** What the header needs from the auth state: the user and a Sign Out that leaves private pages first. */
export function useHeaderAuth(): { user: AuthUser | null; onSignOut: () => void } {
  const { user, signOut } = useAuth();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const onSignOut = useCallback(() => {
    if (pathname.startsWith(paths.account) || pathname.startsWith('/admin')) void navigate(paths.home);
    void signOut();
  }, [navigate, pathname, signOut]);
  return { user, onSignOut };
}
