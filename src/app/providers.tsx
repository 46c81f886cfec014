import type { ReactNode } from 'react';
import { AccessibilityProvider } from '@/features/accessibility/accessibility-provider';
import { useAuth } from '@/features/auth/auth-context';
import { AuthProvider } from '@/features/auth/auth-provider';
import { CartProvider } from '@/features/cart/cart-provider';
import { CookieConsentProvider } from '@/features/consent/cookie-consent-provider';
import { readStoredSessionUserId } from '@/lib/supabase';
import { PlayerProvider } from '@/features/player/player-provider';

interface AppProvidersProps {
  children: ReactNode;
}

/**
 * The one place app-wide providers compose (docs/architecture.md "Layout"). Feature providers (auth, cart, player,
 * accessibility, cookie consent) join here. TanStack Query's provider wraps only the lazily loaded areas
 * that fetch (shop, account, admin) so it stays out of the marketing pages' first JavaScript.
 */
export function AppProviders({ children }: AppProvidersProps) {
  return (
    <AccessibilityProvider>
      <CookieConsentProvider>
        <AuthProvider>
          <CartProvider>
            <PlayerForAccount>{children}</PlayerForAccount>
          </CartProvider>
        </AuthProvider>
      </CookieConsentProvider>
    </AccessibilityProvider>
  );
}

/** What records listening for the practice log, loaded with the player's store (never on a page's first load). */
const loadPracticeRecorder = () =>
  import('@/features/practice/practice-recording').then((module) => module.createAccountPracticeRecorder);

/** The player keeps each account's playlist and positions apart: it follows the signed-in user. */
function PlayerForAccount({ children }: AppProvidersProps) {
  const { session, loading, user } = useAuth();
  // While the account check runs (offline it may take seconds to fail), the account stored on this device:
  // what is played meanwhile is not reset when the check confirms it (docs/offline-listening.md).
  const accountId = session?.user.id ?? (loading && user ? readStoredSessionUserId() : null);
  return (
    <PlayerProvider accountId={accountId} loadRecorder={loadPracticeRecorder}>
      {children}
    </PlayerProvider>
  );
}
