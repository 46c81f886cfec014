import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Header } from '@/components/layout/header';
import { useAuth } from '@/features/auth/auth-context';
import { AuthProvider } from '@/features/auth/auth-provider';
import { useHeaderAuth } from '@/features/auth/use-header-auth';
import { PlayerProvider } from '@/features/player/player-provider';
import { DEVICE_ACCOUNT_KEY, SAVED_AUDIO_KEY } from '@/lib/account-device-names';
import { Component as AccountPage } from '@/routes/account/account';
import { fake, sessionFor } from './auth-fake-supabase';
import { LocationProbe } from './auth-render';

vi.mock('@/lib/supabase', () => import('./auth-fake-supabase').then((m) => m.supabaseModule));

function HeaderWithAuth() {
  const { user, onSignOut } = useHeaderAuth();
  return <Header user={user} cartCount={0} onSignOut={onSignOut} />;
}

function StateProbe() {
  const { user, loading, purchases, session } = useAuth();
  return (
    <pre data-testid="state">
      {JSON.stringify({
        user,
        loading,
        purchases: purchases.map((p) => p.id),
        session: session?.user.email ?? null,
      })}
    </pre>
  );
}

function renderApp(url = '/') {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <AuthProvider>
        <HeaderWithAuth />
        <PlayerProvider accountId={null}>
          <Routes>
            <Route path="/account" element={<AccountPage />} />
            <Route path="*" element={null} />
          </Routes>
        </PlayerProvider>
        <StateProbe />
        <LocationProbe />
      </AuthProvider>
    </MemoryRouter>,
  );
}

const state = () =>
  JSON.parse(screen.getByTestId('state').textContent ?? '{}') as {
    user: { email: string; isAdmin: boolean } | null;
    loading: boolean;
    purchases: string[];
    session: string | null;
  };

const purchaseRow = (id: string, created_at: string) => ({
  id,
  title: `Audio ${id}`,
  category: 'Confidence',
  price: '2.99',
  created_at,
  download_url: null,
});

beforeEach(() => fake.reset());

describe('AuthProvider', () => {
  it('renders the signed-out markup on the server, whatever storage holds', () => {
    fake.storedEmail = 'customer@example.com';
    const html = renderToString(
      <MemoryRouter>
        <AuthProvider>
          <HeaderWithAuth />
        </AuthProvider>
      </MemoryRouter>,
    );
    expect(html).toContain('Sign In');
    expect(html).not.toContain('customer');
  });

  it('does not load supabase-js for a visitor without a stored session', async () => {
    renderApp();
    expect(state()).toMatchObject({ user: null, loading: false });
    await act(async () => {});
    expect(fake.loaded).toBe(false);
  });

  it('shows the stored user in the header at once, then confirms the session and loads purchases and role', async () => {
    fake.storedEmail = 'admin@example.com';
    fake.client.session = sessionFor('admin@example.com');
    fake.client.tables.user_roles = () => ({ data: { role: 'admin' }, error: null });
    fake.client.tables.purchases = () => ({
      data: [purchaseRow('b', '2026-02-02T10:00:00Z'), purchaseRow('a', '2026-01-01T10:00:00Z')],
      error: null,
    });
    renderApp();
    // Provisional, from storage: the header knows before supabase-js answers.
    expect(state()).toMatchObject({ user: { email: 'admin@example.com', isAdmin: false }, loading: true });
    expect(await screen.findByRole('button', { name: 'Account menu for admin' })).toBeInTheDocument();
    await waitFor(() => expect(state().loading).toBe(false));
    expect(state()).toEqual({
      user: { email: 'admin@example.com', isAdmin: true },
      loading: false,
      purchases: ['b', 'a'],
      session: 'admin@example.com',
    });
    const purchasesQuery = fake.client.queries.find((query) => query.table === 'purchases');
    expect(purchasesQuery?.calls).toEqual([
      ['select', ['*, products(duration_seconds)']],
      ['eq', ['user_id', 'id-admin@example.com']],
      ['order', ['created_at', { ascending: false }]],
    ]);
  });

  it('treats a failed admin check as not admin and keeps purchases on a failed load, with warnings only', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    fake.storedEmail = 'customer@example.com';
    fake.client.session = sessionFor('customer@example.com');
    fake.client.tables.user_roles = () => ({ data: null, error: { code: '57014', message: 'timeout' } });
    fake.client.tables.purchases = () => ({ data: null, error: { message: 'JWT expired' } });
    renderApp();
    await waitFor(() => expect(state().loading).toBe(false));
    expect(state()).toMatchObject({ user: { email: 'customer@example.com', isAdmin: false }, purchases: [] });
    expect(warn).toHaveBeenCalledTimes(2);
    warn.mockRestore();
  });

  it('follows auth events: a sign-in elsewhere loads data, signing out clears it', async () => {
    fake.client.tables.purchases = () => ({ data: [purchaseRow('x', '2026-01-01T10:00:00Z')], error: null });
    renderApp();
    const { getSupabase } = await import('@/lib/supabase');
    await act(async () => {
      await getSupabase();
    });
    await act(async () => fake.client.emit('SIGNED_IN', sessionFor('customer@example.com')));
    await waitFor(() => expect(state()).toMatchObject({ loading: false, purchases: ['x'] }));
    await act(async () => fake.client.emit('TOKEN_REFRESHED', sessionFor('customer@example.com')));
    expect(fake.client.queries.filter((query) => query.table === 'purchases')).toHaveLength(1);
    await act(async () => fake.client.emit('SIGNED_OUT', null));
    expect(state()).toEqual({ user: null, loading: false, purchases: [], session: null });
  });

  it('signing out, or the server ending the session, leaves nothing of the account on this device', async () => {
    // docs/security.md "Saved audio after sign-out": what account-device-data.ts removes, the auth store calls.
    localStorage.setItem(SAVED_AUDIO_KEY, JSON.stringify([{ productId: 'p1', title: 'Panic at Night' }]));
    localStorage.setItem(DEVICE_ACCOUNT_KEY, 'customer-id');
    renderApp();
    const { getSupabase } = await import('@/lib/supabase');
    await act(async () => {
      await getSupabase();
    });
    await act(async () => fake.client.emit('SIGNED_IN', sessionFor('customer@example.com')));
    expect(localStorage.getItem(SAVED_AUDIO_KEY)).toBeNull(); // another account than the one recorded here
    localStorage.setItem(SAVED_AUDIO_KEY, JSON.stringify([{ productId: 'p1', title: 'Panic at Night' }]));
    await act(async () => fake.client.emit('SIGNED_OUT', null));
    expect(localStorage.getItem(SAVED_AUDIO_KEY)).toBeNull();
    expect(localStorage.getItem(DEVICE_ACCOUNT_KEY)).toBeNull();
  });

  it('refreshPurchases reloads the list', async () => {
    fake.storedEmail = 'customer@example.com';
    fake.client.session = sessionFor('customer@example.com');
    let rows = [purchaseRow('a', '2026-01-01T10:00:00Z')];
    fake.client.tables.purchases = () => ({ data: rows, error: null });
    let refresh: () => Promise<void> = async () => {};
    function Refresher() {
      refresh = useAuth().refreshPurchases;
      return null;
    }
    render(
      <MemoryRouter>
        <AuthProvider>
          <Refresher />
          <StateProbe />
        </AuthProvider>
      </MemoryRouter>,
    );
    await waitFor(() => expect(state().purchases).toEqual(['a']));
    rows = [purchaseRow('b', '2026-02-01T10:00:00Z'), ...rows];
    await act(async () => refresh());
    expect(state().purchases).toEqual(['b', 'a']);
  });

  it('signs out from the avatar menu, leaving a private page for home', async () => {
    fake.storedEmail = 'customer@example.com';
    fake.client.session = sessionFor('customer@example.com');
    renderApp('/account');
    await waitFor(() => expect(state().loading).toBe(false));
    expect(await screen.findByRole('heading', { name: 'My Account' })).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Account menu for customer' }));
    expect(screen.getByRole('menuitem', { name: /My Account/ })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: /Admin Dashboard/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('menuitem', { name: /Sign Out/ }));
    await waitFor(() => expect(state().user).toBeNull());
    expect(fake.client.auth.signOut).toHaveBeenCalled();
    // Signed out on a private page: home, not the sign-in form.
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/'));
  });
});
