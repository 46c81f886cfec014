import { ShieldAlert } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { paths } from '@/config/paths';
import { authMessages, guardText } from '@/content/auth';
import { useAuth } from './auth-context';
import { AuthLayout } from './auth-layout';
import { AuthSpinner } from './form-controls';
import type { AuthUser } from './auth-types';
import { AppLink } from '@/components/ui/app-link';

interface GuardProps {
  children: (user: AuthUser) => ReactNode;
}

/**
 * True once a confirmed user has been seen on this page and is gone: signing out here then leads home, not
 * to a sign-in form. (The provisional user read from storage does not count.)
 */
function useSignedOutHere(user: AuthUser | null, loading: boolean): boolean {
  const [hadUser, setHadUser] = useState(false);
  if (user && !loading && !hadUser) setHadUser(true);
  return hadUser && !user;
}

/** Renders its page for a signed-in user; others go to /auth and come back here after signing in. */
export function RequireUser({ children }: GuardProps) {
  const { user, loading } = useAuth();
  const { pathname, search, hash } = useLocation();
  const signedOutHere = useSignedOutHere(user, loading);
  if (signedOutHere) return <Navigate to={paths.home} replace />;
  if (loading) return <AuthSpinner label={guardText.checking} />;
  if (!user) {
    // The hash too: an emailed link to a section (/account#intake) leads there after signing in.
    const back = new URLSearchParams({ redirectTo: `${pathname}${search}${hash}` });
    return <Navigate to={`${paths.auth}?${back.toString()}`} replace />;
  }
  return children(user);
}

/** Renders its page for an admin; anyone else sees the access-denied message (docs/product-rules.md §6, §8). */
export function RequireAdmin({ children }: GuardProps) {
  const { user, loading } = useAuth();
  const signedOutHere = useSignedOutHere(user, loading);
  if (signedOutHere) return <Navigate to={paths.home} replace />;
  if (loading) return <AuthSpinner label={guardText.checking} />;
  if (!user?.isAdmin) {
    return (
      <AuthLayout icon={<ShieldAlert />} title={guardText.deniedTitle}>
        <Notice variant="error" look="banner">
          {authMessages.accessDenied}
        </Notice>
        <div className="mt-6 flex flex-col gap-3">
          {user ? null : (
            <Button asChild>
              <AppLink to={paths.adminLogin}>{guardText.adminSignIn}</AppLink>
            </Button>
          )}
          <Button asChild variant="secondary">
            <AppLink to={paths.home}>{guardText.backToHome}</AppLink>
          </Button>
        </div>
      </AuthLayout>
    );
  }
  return children(user);
}
