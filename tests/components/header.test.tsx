import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { Header } from '@/components/layout/header';
import type { HeaderUser } from '@/components/layout/header-types';

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function renderHeader(path: string, user: HeaderUser | null = null, cartCount = 0) {
  const onSignOut = vi.fn();
  render(
    <MemoryRouter initialEntries={[path]}>
      <Header user={user} cartCount={cartCount} onSignOut={onSignOut} />
      <Routes>
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
  return { onSignOut };
}

describe('Header', () => {
  it('shows the navigation and marks the current route', () => {
    renderHeader('/about');
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'About' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
    expect(within(nav).getByRole('link', { name: 'Self-Hypnosis' })).toHaveAttribute('href', '/audio-library');
    expect(within(nav).getByRole('link', { name: 'Virtual Appointments' })).toHaveAttribute(
      'href',
      '/virtual-appointments',
    );
  });

  it('shows a cart badge only above 0', () => {
    renderHeader('/', null, 0);
    expect(screen.queryByTestId('cart-count')).toBeNull();
    expect(screen.getAllByRole('link', { name: 'Cart' })[0]).toHaveAttribute('href', '/cart');
  });

  it('keeps the cart and, signed in, an avatar link to My Account in the bar outside the navigation (the phone bar)', () => {
    renderHeader('/', { email: 'sam@example.com', isAdmin: false }, 1);
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    const outside = screen
      .getAllByRole('link', { name: 'Cart 1 item' })
      .filter((link) => !nav.contains(link));
    expect(outside).toHaveLength(1);
    expect(outside[0]).toHaveAttribute('href', '/cart');
    const account = screen.getByRole('link', { name: 'My Account, signed in as sam' });
    expect(account).toHaveAttribute('href', '/account');
    expect(account).toHaveTextContent('S');
  });

  it('shows no avatar link signed out', () => {
    renderHeader('/', null, 0);
    expect(screen.queryByRole('link', { name: /^My Account, signed in as/ })).toBeNull();
  });

  it('labels the cart with its count', () => {
    renderHeader('/', null, 3);
    expect(screen.getAllByTestId('cart-count')[0]).toHaveTextContent('3');
    expect(screen.getAllByRole('link', { name: 'Cart 3 items' }).length).toBeGreaterThan(0);
  });

  it('offers Sign In and Sign Up to /auth when signed out', () => {
    renderHeader('/');
    expect(screen.getAllByRole('link', { name: 'Sign In' })[0]).toHaveAttribute('href', '/auth');
    expect(screen.getAllByRole('link', { name: 'Sign Up' })[0]).toHaveAttribute('href', '/auth?tab=signup');
  });

  it('opens the side menu, and closes it on Escape-close and on navigation', async () => {
    const user = userEvent.setup();
    renderHeader('/');
    const open = screen.getByRole('button', { name: 'Open menu' });
    expect(open).toHaveAttribute('aria-expanded', 'false');
    await user.click(open);
    const dialog = await screen.findByRole('dialog', { name: 'Menu' });
    expect(dialog).toHaveAttribute('open');
    expect(open).toHaveAttribute('aria-expanded', 'true');

    // The native dialog fires "close" on Escape; the menu follows it.
    act(() => (dialog as HTMLDialogElement).close());
    expect(open).toHaveAttribute('aria-expanded', 'false');

    await user.click(open);
    await user.click(within(screen.getByRole('dialog', { name: 'Menu' })).getByRole('link', { name: 'About' }));
    expect(screen.getByTestId('where')).toHaveTextContent('/about');
    expect(document.querySelector('dialog')).not.toHaveAttribute('open');
  });

  it('shows account actions for a signed-in admin in the side menu', async () => {
    const user = userEvent.setup();
    const { onSignOut } = renderHeader('/', { email: 'sam@example.com', isAdmin: true });
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const dialog = await screen.findByRole('dialog', { name: 'Menu' });
    expect(within(dialog).getByText('sam')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'My Account' })).toHaveAttribute('href', '/account');
    expect(within(dialog).getByRole('link', { name: 'Admin Dashboard' })).toHaveAttribute('href', '/admin/dashboard');
    await user.click(within(dialog).getByRole('button', { name: 'Sign Out' }));
    expect(onSignOut).toHaveBeenCalledOnce();
  });

  it('hides the admin link from customers', async () => {
    const user = userEvent.setup();
    renderHeader('/', { email: 'kim@example.com', isAdmin: false });
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    expect(within(await screen.findByRole('dialog', { name: 'Menu' })).queryByRole('link', { name: 'Admin Dashboard' })).toBeNull();
  });
});
