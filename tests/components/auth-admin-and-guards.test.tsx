import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Component as AccountPage } from '@/routes/account/account';
import { Component as DashboardPage } from '@/routes/admin/dashboard';
import { Component as AdminLoginPage } from '@/routes/auth/admin-login';
import { fake, sessionFor } from './auth-fake-supabase';
import { renderAt } from './auth-render';

vi.mock('@/lib/supabase', () => import('./auth-fake-supabase').then((m) => m.supabaseModule));

const location = () => screen.getByTestId('location').textContent;
const admin = () => ({ data: { role: 'admin' }, error: null });

beforeEach(() => fake.reset());

describe('/admin/login', () => {
  async function signInAsAdmin(email: string) {
    const user = userEvent.setup();
    renderAt('/admin/login', '/admin/login', <AdminLoginPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Admin Access' })).toBeInTheDocument();
    expect(screen.getByText('Sign in to access the admin dashboard')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Regular sign in' })).toHaveAttribute('href', '/auth');
    await user.type(screen.getByLabelText('Email'), email);
    await user.type(screen.getByLabelText('Password', { selector: 'input' }), 'password123');
    await user.click(screen.getByRole('button', { name: 'Sign In as Admin' }));
  }

  it('sends an admin to the dashboard', async () => {
    fake.client.tables.user_roles = admin;
    await signInAsAdmin('admin@example.com');
    await waitFor(() => expect(location()).toBe('/admin/dashboard'));
    const roleQuery = fake.client.queries.find((query) => query.table === 'user_roles');
    expect(roleQuery?.calls).toEqual([
      ['select', ['role']],
      ['eq', ['user_id', 'id-admin@example.com']],
      ['eq', ['role', 'admin']],
      ['maybeSingle', []],
    ]);
  });

  it('denies anyone else and signs them out again, on this device only', async () => {
    await signInAsAdmin('customer@example.com');
    expect(await screen.findByRole('alert')).toHaveTextContent('Access denied. Admin privileges required.');
    expect(fake.client.auth.signOut).toHaveBeenCalledWith({ scope: 'local' });
    expect(location()).toBe('/admin/login');
  });

  it("says 'Error checking admin status.' when the check itself fails", async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    fake.client.tables.user_roles = () => ({ data: null, error: { code: '500', message: 'Internal error' } });
    await signInAsAdmin('customer@example.com');
    expect(await screen.findByRole('alert')).toHaveTextContent('Error checking admin status.');
    expect(fake.client.auth.signOut).toHaveBeenCalled();
    await waitFor(() => expect(warn).toHaveBeenCalled());
    warn.mockRestore();
  });

  it('shows a sign-in error, or the login fallback', async () => {
    fake.client.auth.signInWithPassword
      .mockResolvedValueOnce({ data: { user: null, session: null }, error: { message: 'Invalid login credentials' } } as never)
      .mockRejectedValueOnce({} as never);
    await signInAsAdmin('admin@example.com');
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid login credentials');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In as Admin' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('An error occurred during login'));
  });
});

describe('guards', () => {
  it('/account sends a signed-out visitor to /auth, to come back afterwards', async () => {
    renderAt('/account', '/account', <AccountPage />);
    await waitFor(() => expect(location()).toBe('/auth?redirectTo=%2Faccount'));
  });

  it("/account shows the heading and the user's email once the session is known", async () => {
    fake.storedEmail = 'customer@example.com';
    fake.client.session = sessionFor('customer@example.com');
    renderAt('/account', '/account', <AccountPage />);
    expect(screen.getByText('Checking your account…')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'My Account' })).toBeInTheDocument();
    expect(screen.getByText('customer@example.com')).toBeInTheDocument();
  });

  it('/account does not trust a stored session the server no longer knows', async () => {
    fake.storedEmail = 'gone@example.com';
    renderAt('/account', '/account', <AccountPage />);
    await waitFor(() => expect(location()).toBe('/auth?redirectTo=%2Faccount'));
  });

  it('/admin/dashboard denies a signed-in customer', async () => {
    fake.storedEmail = 'customer@example.com';
    fake.client.session = sessionFor('customer@example.com');
    renderAt('/admin/dashboard', '/admin/dashboard', <DashboardPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Access denied. Admin privileges required.');
    expect(screen.queryByRole('link', { name: 'Admin sign in' })).not.toBeInTheDocument();
  });

  it('/admin/dashboard sends a signed-out visitor to the admin sign-in', async () => {
    renderAt('/admin/dashboard', '/admin/dashboard', <DashboardPage />);
    await waitFor(() => expect(location()).toBe('/admin/login'));
  });

  it("/admin/dashboard shows an admin the heading and email", async () => {
    fake.storedEmail = 'admin@example.com';
    fake.client.session = sessionFor('admin@example.com');
    fake.client.tables.user_roles = admin;
    renderAt('/admin/dashboard', '/admin/dashboard', <DashboardPage />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeInTheDocument();
    expect(screen.getByText('admin@example.com')).toBeInTheDocument();
  });
});

describe('useAuth outside its provider', () => {
  it('throws', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<AccountPage />)).toThrow('useAuth must be used within an AuthProvider');
    error.mockRestore();
  });
});
