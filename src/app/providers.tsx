import type { ReactNode } from 'react';
import { AccessibilityProvider } from '@/features/accessibility/accessibility-provider';
import { AuthProvider } from '@/features/auth/auth-provider';
import { CartProvider } from '@/features/cart/cart-provider';
import { CookieConsentProvider } from '@/features/consent/cookie-consent-provider';

interface AppProvidersProps {
  children: ReactNode;
}

/**
 * The one place app-wide providers compose (ARCHITECTURE.md). Feature providers (auth, cart, player,
 * accessibility, cookie consent) join here. TanStack Query's provider wraps only the lazily loaded areas
 * that fetch (shop, account, admin) so it stays out of the marketing pages' first JavaScript.
 */
export function AppProviders({ children }: AppProvidersProps) {
  return (
    <AccessibilityProvider>
      <CookieConsentProvider>
        <AuthProvider>
          <CartProvider>{children}</CartProvider>
        </AuthProvider>
      </CookieConsentProvider>
    </AccessibilityProvider>
  );
}
