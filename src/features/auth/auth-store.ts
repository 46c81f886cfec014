import type { Session, SupabaseClient } from '@supabase/supabase-js';
import { accountDataInStorage, followDeviceAccount } from '@/lib/account-device-data';
import {
  getSignedInSupabase,
  getSupabase,
  onSupabaseLoaded,
  readStoredSessionEmail,
  signOutOfThisDevice,
} from '@/lib/supabase';
import type { AuthState } from './auth-types';

/** What the prerender and the hydration render: signed out, not yet known. */
export const serverAuthState: AuthState = { session: null, user: null, purchases: [], loading: true };

export interface AuthStore {
  subscribe: (listener: () => void) => () => void;
  getSnapshot: () => AuthState;
  /** Connects to supabase-js (loading it only when a session may exist); returns the disconnect. */
  start: () => () => void;
  refreshPurchases: () => Promise<void>;
  signOut: () => Promise<void>;
}

const loadApi = () => import('./auth-api');

/**
 * The auth state as an external store. It starts from what storage says (so the header shows the signed-in
 * state at once after a reload) and follows supabase-js's auth events once the client has loaded.
 */
export function createAuthStore(): AuthStore {
  const storedEmail = typeof window === 'undefined' ? null : readStoredSessionEmail();
  let state: AuthState =
    typeof window === 'undefined'
      ? serverAuthState
      : {
          session: null,
          user: storedEmail ? { email: storedEmail, isAdmin: false } : null,
          purchases: [],
          loading: storedEmail !== null,
        };
  const listeners = new Set<() => void>();
  // The user whose purchases and role are loaded (or loading); null when signed out.
  let currentUserId: string | null = null;

  const update = (patch: Partial<AuthState>) => {
    state = { ...state, ...patch };
    listeners.forEach((listener) => listener());
  };

  async function loadUserData(client: SupabaseClient, userId: string) {
    const api = await loadApi();
    const [purchases, admin] = await Promise.all([
      api.fetchPurchases(client, userId),
      api.checkAdminRole(client, userId),
    ]);
    if (currentUserId !== userId || !state.user) return; // signed out or switched meanwhile
    update({
      purchases: purchases ?? state.purchases,
      user: { ...state.user, isAdmin: admin === 'admin' },
      loading: false,
    });
  }

  function onSession(client: SupabaseClient, session: Session | null) {
    // Signed out, or another account: nothing of the one before stays on this device (docs/security.md).
    void followDeviceAccount(session?.user.id ?? null);
    if (!session) {
      currentUserId = null;
      update({ session: null, user: null, purchases: [], loading: false });
      return;
    }
    const email = session.user.email ?? '';
    if (session.user.id === currentUserId && state.user) {
      update({ session, user: { ...state.user, email } });
      return;
    }
    currentUserId = session.user.id;
    update({ session, user: { email, isAdmin: false }, purchases: [], loading: true });
    // Outside the auth callback: supabase-js holds its lock while notifying, and queries wait for it.
    setTimeout(() => void loadUserData(client, session.user.id), 0);
  }

  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => state,
    start() {
      let unsubscribe: (() => void) | undefined;
      const stopListening = onSupabaseLoaded((client) => {
        const { data } = client.auth.onAuthStateChange((_event, session) => onSession(client, session));
        unsubscribe = () => data.subscription.unsubscribe();
      });
      // No session stored, yet something of an account is here (a sign-out the page closed in the middle of):
      // it is removed. supabase-js is not loaded for this.
      if (!state.loading && accountDataInStorage()) void followDeviceAccount(null);
      if (state.loading && !unsubscribe) {
        getSupabase().catch((error: unknown) => {
          console.warn('Could not load the sign-in service:', error);
          update({ user: null, loading: false });
        });
      }
      return () => {
        stopListening();
        unsubscribe?.();
      };
    },
    async refreshPurchases() {
      const userId = currentUserId;
      if (!userId) return;
      const [client, api] = await Promise.all([getSignedInSupabase(), loadApi()]);
      if (!client) return;
      const purchases = await api.fetchPurchases(client, userId);
      if (purchases && currentUserId === userId) update({ purchases });
    },
    async signOut() {
      try {
        // This device only: signing out here (or being turned away at the admin sign-in) leaves the account's
        // other devices signed in, as people expect; a new password is what signs out everywhere.
        const { error } = await signOutOfThisDevice();
        if (error) console.warn('Sign out failed:', error.message);
      } catch (error) {
        console.warn('Sign out failed:', error);
      }
    },
  };
}
