import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetSettingsStoreForTests } from '@/features/accessibility/settings-store';
import { AuthProvider } from '@/features/auth/auth-provider';
import { usePlayer } from '@/features/player/player-context';
import { PlayerProvider } from '@/features/player/player-provider';
import { SAFETY_KEY } from '@/features/player/player-storage';
import { Component as AccountRoute } from '@/routes/account/account';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { fake, sessionFor } from './auth-fake-supabase';
import { LocationProbe } from './auth-render';
import { findYourAudio, rowTitles } from './your-audio-queries';

vi.mock('@/lib/supabase', () => import('./auth-fake-supabase').then((m) => m.supabaseModule));

const saved = vi.hoisted(() => [] as { blob: Blob; name: string }[]);
vi.mock('@/features/account/save-file', () => ({
  saveBlob: (blob: Blob, name: string) => saved.push({ blob, name }),
}));

const toastSuccess = vi.hoisted(() => vi.fn());
vi.mock('@/lib/toast', () => ({ toast: { error: vi.fn(), success: toastSuccess, message: vi.fn() } }));

const location = () => screen.getByTestId('location').textContent;

function readText(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });
}

function signIn(email = 'customer@example.com') {
  const session = sessionFor(email);
  fake.storedEmail = email;
  fake.client.session = session;
  return session;
}

/** What the app's player holds: the queue's titles, the current index, and whether the safety notice waits. */
function PlayerProbe() {
  const player = usePlayer();
  return (
    <output data-testid="player">
      {JSON.stringify({
        playlist: player.playlist.map((track) => track.productId),
        currentIndex: player.currentIndex,
        safetyNoticeOpen: player.safetyNoticeOpen,
      })}
    </output>
  );
}
const playerState = () =>
  JSON.parse(screen.getByTestId('player').textContent ?? '{}') as {
    playlist: string[];
    currentIndex: number;
    safetyNoticeOpen: boolean;
  };

/** /account inside the app's auth and player providers (as src/app/providers.tsx composes them). */
async function renderAccount() {
  render(
    <MemoryRouter initialEntries={['/account']}>
      <AuthProvider>
        <PlayerProvider accountId={null}>
          <Routes>
            <Route path="/account" element={<AccountRoute />} />
            <Route path="*" element={<p>Elsewhere</p>} />
          </Routes>
          <LocationProbe />
          <PlayerProbe />
        </PlayerProvider>
      </AuthProvider>
    </MemoryRouter>,
  );
  return screen.findByRole('heading', { level: 1, name: 'My Account' });
}

beforeEach(() => {
  fake.reset();
  saved.length = 0;
  toastSuccess.mockClear();
  localStorage.clear();
  resetSettingsStoreForTests();
});
afterEach(() => localStorage.clear());

describe('/account', () => {
  it("shows the email, the user's audio newest first, their orders and every section", async () => {
    const session = signIn();
    fake.client.tables.purchases = () => ({
      data: [
        { id: 'p2', title: 'Newest Audio', category: 'Sleep', price: '2.99', created_at: '2026-11-20T10:00:00Z', download_url: null, product_id: 'prod-2' },
        { id: 'p1', title: 'Older Audio', category: 'Stress', price: 6.99, created_at: '2026-01-02T10:00:00Z', download_url: null, product_id: 'prod-1' },
      ],
      error: null,
    });
    fake.client.tables.orders = () => ({
      data: [{ id: 'o1', created_at: '2026-11-20T10:00:00Z', status: 'paid', amount_pence: 299, amount_paid_pence: 299, currency: 'gbp', order_lines: [{ position: 1, kind: 'product', title: 'Newest Audio', category: 'Sleep', price_pence: 299 }] }],
      error: null,
    });
    await renderAccount();
    expect(screen.getByText('customer@example.com')).toBeInTheDocument();
    const audio = await findYourAudio();
    expect(rowTitles(audio)).toEqual([
      'Newest Audio',
      'Older Audio',
    ]);
    expect(audio).toHaveTextContent('20 November 2026');
    expect(audio).toHaveTextContent('£2.99');
    expect(await screen.findByRole('list', { name: 'Your orders' })).toHaveTextContent('Paid');
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings).toEqual(['Your audio', 'On this device', 'Your practice', 'Your health form', 'Reminders', 'Appointments', 'Orders', 'Your name', 'Change password', 'Sign out', 'Your data', 'Delete my account']);
    const orders = fake.client.queries.find((q) => q.table === 'orders')!;
    expect(orders.calls).toContainEqual(['eq', ['user_id', session.user.id]]);
    expect(orders.calls).toContainEqual(['in', ['status', ['paid', 'refunded']]]); // never-paid checkouts are not orders
  });

  /** A purchase row as the purchases table answers it: given (price 0, no order) unless `paid` names an order. */
  const purchaseRow = (id: string, title: string, productId: string, created: string, paid?: string) => ({
    id, title, category: 'Sleep', price: paid ? '2.99' : 0, created_at: `${created}T10:00:00Z`, download_url: null,
    product_id: productId, ...(paid ? { order_id: paid } : {}),
  });
  /** Signs in an account of its own (My Account's query cache outlives a test) that owns `rows`. */
  const signInOwning = (email: string, rows: ReturnType<typeof purchaseRow>[]) => {
    signIn(email);
    fake.client.tables.purchases = () => ({ data: rows, error: null });
  };

  it("leaves out of 'Your audio' what a programme step still holds back (docs/programmes.md)", async () => {
    signInOwning('programme-client@example.com', [
      purchaseRow('p2', 'Step Two', 'prod-2', '2026-11-20'),
      purchaseRow('p1', 'Step One', 'prod-1', '2026-11-20'),
    ]);
    fake.client.rpcs.my_locked_audio = () => ({ data: ['prod-2'], error: null });
    await renderAccount();
    const audio = await findYourAudio();
    await waitFor(() =>
      expect(rowTitles(audio)).toEqual(['Step One']),
    );
  });

  it("while what is held back loads, lists only what was paid for: never a locked step, even for a moment", async () => {
    signInOwning('programme-loading@example.com', [
      purchaseRow('p3', 'Locked Step', 'prod-3', '2026-11-22'),
      purchaseRow('p2', 'Open Step', 'prod-2', '2026-11-21'),
      purchaseRow('p1', 'Bought Audio', 'prod-1', '2026-11-20', 'o1'),
    ]);
    let answer!: (result: { data: string[]; error: null }) => void;
    fake.client.rpcs.my_locked_audio = () => new Promise((resolve) => (answer = resolve));
    await renderAccount();
    const audio = await findYourAudio();
    const titles = () => rowTitles(audio);
    expect(titles()).toEqual(['Bought Audio']);
    expect(screen.queryByRole('button', { name: 'Play Locked Step' })).not.toBeInTheDocument();
    await act(async () => answer({ data: ['prod-3'], error: null }));
    await waitFor(() => expect(titles()).toEqual(['Open Step', 'Bought Audio']));
  });

  it("a client given audio only by a programme sees 'Loading your audio…' until it is known, not 'No audio yet'", async () => {
    signInOwning('programme-only@example.com', [purchaseRow('p1', 'Step One', 'prod-1', '2026-11-20')]);
    let answer!: (result: { data: string[]; error: null }) => void;
    fake.client.rpcs.my_locked_audio = () => new Promise((resolve) => (answer = resolve));
    await renderAccount();
    expect(await screen.findByText('Loading your audio…')).toHaveAttribute('role', 'status');
    expect(screen.queryByText('No audio yet')).not.toBeInTheDocument();
    await act(async () => answer({ data: [], error: null }));
    const audio = await findYourAudio();
    expect(within(audio).getByRole('heading', { level: 4 })).toHaveTextContent('Step One');
    expect(screen.queryByText('Loading your audio…')).not.toBeInTheDocument();
  });

  it('shows what each audio was paid as: part of its package, a discounted single as such (issue 29)', async () => {
    signIn();
    // Bookkeeping (docs/money.md): the £6.99 package split £1.57/£1.58 less the code's share, the single £2.69.
    fake.client.tables.purchases = () => ({
      data: [
        { id: 'p3', title: 'Deep Sleep', category: 'Sleep', price: '2.69', created_at: '2026-11-21T10:00:00Z', download_url: null, product_id: 'prod-s', order_id: 'o9' },
        { id: 'p2', title: 'Cravings Away', category: 'Smoking', price: '1.57', created_at: '2026-11-21T10:00:00Z', download_url: null, product_id: 'prod-c', order_id: 'o9' },
        { id: 'p1', title: 'Inception Guide', category: 'Smoking', price: '1.58', created_at: '2026-11-21T10:00:00Z', download_url: null, product_id: 'prod-a', order_id: 'o9' },
      ],
      error: null,
    });
    fake.client.tables.orders = () => ({
      data: [{
        id: 'o9', created_at: '2026-11-21T10:00:00Z', status: 'paid', amount_pence: 998, amount_paid_pence: 968, currency: 'gbp',
        order_lines: [
          { position: 1, kind: 'package', title: 'Stop Smoking Package', category: '', price_pence: 699 },
          { position: 2, kind: 'product', title: 'Deep Sleep', category: 'Sleep', price_pence: 299 },
        ],
        order_items: [
          { product_id: 'prod-a', line_position: 1, products: { title: 'Inception Guide' } },
          { product_id: 'prod-c', line_position: 1, products: { title: 'Cravings Away' } },
          { product_id: 'prod-s', line_position: 2, products: { title: 'Deep Sleep' } },
        ],
      }],
      error: null,
    });
    await renderAccount();
    const audio = await findYourAudio();
    const item = (title: string) => within(audio).getByRole('heading', { level: 4, name: title }).closest('li')!;
    await waitFor(() => expect(item('Deep Sleep')).toHaveTextContent('£2.69 after discount'));
    expect(item('Cravings Away')).toHaveTextContent('Part of Stop Smoking Package');
    expect(item('Inception Guide')).toHaveTextContent('Part of Stop Smoking Package');
    expect(audio).not.toHaveTextContent('£1.5');
    const orders = await screen.findByRole('list', { name: 'Your orders' });
    expect(orders).toHaveTextContent('Stop Smoking Package£6.99');
    expect(orders).toHaveTextContent('Discount−£0.30');
    expect(orders).not.toHaveTextContent('£1.5');
    // One orders query serves both sections. The app's query cache still holds this customer's orders from the
    // test before, without o9 (as after a purchase within their stale time): the page fetched them again.
    expect(fake.client.queries.filter((q) => q.table === 'orders')).toHaveLength(1);
  });

  it('Play, Add to playlist and Play all reach the app player with the purchases as tracks', async () => {
    const user = userEvent.setup();
    signIn();
    fake.client.tables.purchases = () => ({
      data: [
        { id: 'p3', title: 'Third', category: 'Sleep', price: 2.99, created_at: '2026-11-20T10:00:00Z', download_url: null, product_id: 'prod-3' },
        { id: 'p2', title: 'Second', category: 'Sleep', price: 2.99, created_at: '2026-11-19T10:00:00Z', download_url: null, product_id: 'prod-2' },
        { id: 'p1', title: 'First', category: 'Sleep', price: 2.99, created_at: '2026-11-18T10:00:00Z', download_url: null, product_id: 'prod-1' },
      ],
      error: null,
    });
    // The listening-safety notice was acknowledged before, so play starts at once.
    localStorage.setItem(SAFETY_KEY, 'acknowledged');
    await renderAccount();
    await findYourAudio();

    await user.click(screen.getByRole('button', { name: 'Add to playlist: Second' }));
    // The first action loads the player's store (on demand), then applies.
    await waitFor(() => expect(playerState().playlist).toEqual(['prod-2']));

    await user.click(screen.getByRole('button', { name: 'Play First' }));
    expect(playerState()).toMatchObject({ playlist: ['prod-3', 'prod-2', 'prod-1'], currentIndex: 2 });

    await user.click(screen.getByRole('button', { name: 'Play all' }));
    expect(playerState()).toMatchObject({ playlist: ['prod-3', 'prod-2', 'prod-1'], currentIndex: 0 });
  });

  it('change password: the /update-password rules and messages; success clears the form and keeps the user signed in', async () => {
    const user = userEvent.setup();
    signIn();
    await renderAccount();
    const section = screen.getByRole('region', { name: 'Change password' });
    const password = within(section).getByLabelText('New Password');
    const confirm = within(section).getByLabelText('Confirm New Password');
    const submit = within(section).getByRole('button', { name: 'Update Password' });
    expect(submit).toBeDisabled();

    await user.type(password, 'abc');
    expect(within(section).getByTestId('password-strength')).toHaveTextContent('At least 6 characters needed');
    await user.type(confirm, 'abd');
    await user.click(submit);
    expect(within(section).getByText('Passwords do not match')).toBeInTheDocument();
    await user.clear(confirm);
    await user.type(confirm, 'abc');
    await user.click(submit);
    expect(within(section).getByText('Password must be at least 6 characters long')).toBeInTheDocument();
    expect(fake.client.auth.updateUser).not.toHaveBeenCalled();

    await user.clear(password);
    await user.type(password, 'Longer1pass');
    expect(within(section).getByTestId('password-strength')).toHaveTextContent('Strong password');
    await user.clear(confirm);
    await user.type(confirm, 'Longer1pass');
    await user.click(submit);
    expect(await within(section).findByRole('status')).toHaveTextContent('Password updated successfully!');
    expect(fake.client.auth.updateUser).toHaveBeenCalledWith({ password: 'Longer1pass' });
    expect(within(section).getByLabelText('New Password')).toHaveValue('');
    expect(fake.client.auth.signOut).not.toHaveBeenCalled();
    expect(location()).toBe('/account');
  });

  it("a rejected password update shows the auth service's message", async () => {
    const user = userEvent.setup();
    signIn();
    fake.client.auth.updateUser.mockResolvedValueOnce({
      data: { user: null },
      error: { message: 'New password should be different from the old password.' },
    });
    await renderAccount();
    const section = screen.getByRole('region', { name: 'Change password' });
    await user.type(within(section).getByLabelText('New Password'), 'same-password');
    await user.type(within(section).getByLabelText('Confirm New Password'), 'same-password');
    await user.click(within(section).getByRole('button', { name: 'Update Password' }));
    expect(await within(section).findByRole('alert')).toHaveTextContent(
      'New password should be different from the old password.',
    );
  });

  it('Sign Out signs out and leaves for home', async () => {
    const user = userEvent.setup();
    signIn();
    await renderAccount();
    await user.click(screen.getByRole('button', { name: 'Sign Out' }));
    expect(fake.client.auth.signOut).toHaveBeenCalled();
    await waitFor(() => expect(location()).toBe('/'));
  });

  it("Download my data includes this browser's cookie and accessibility settings", async () => {
    const user = userEvent.setup();
    const session = signIn();
    localStorage.setItem('cookie-consent', 'true');
    localStorage.setItem('cookie-preferences', JSON.stringify({ analytics: true, functional: false, marketing: false }));
    localStorage.setItem('accessibility-settings', JSON.stringify({ highContrast: true, fontSize: 'large' }));
    Object.assign(fake.client.auth, {
      getUser: vi.fn(async () => ({ data: { user: { ...session.user, created_at: '2026-01-01T00:00:00Z' } }, error: null })),
    });
    fake.client.tables.orders = () => ({ data: [], error: null });
    await renderAccount();
    await user.click(screen.getByRole('button', { name: 'Download my data' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    const file = JSON.parse(await readText(saved[0]!.blob)) as { browserSettings: unknown; account: unknown };
    expect(file.account).toMatchObject({ id: session.user.id, email: 'customer@example.com' });
    expect(file.browserSettings).toEqual({
      cookiePreferences: {
        hasConsented: true,
        preferences: { essential: true, analytics: true, functional: false, marketing: false },
      },
      accessibility: expect.objectContaining({ highContrast: true, fontSize: 'large' }),
    });
  });

  it('after deleting the account: a clear message, signed out, and home', async () => {
    const user = userEvent.setup();
    signIn();
    Object.assign(fake.client, { functions: { invoke: vi.fn(async () => ({ data: { deleted: true }, error: null })) } });
    await renderAccount();
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete your account?' });
    await user.type(within(dialog).getByLabelText('Type DELETE to confirm'), 'DELETE');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account for good' }));
    await waitFor(() => expect(location()).toBe('/'));
    expect(toastSuccess).toHaveBeenCalledWith('Your account has been deleted.', {
      description: 'You have been signed out. Thank you for listening.',
    });
    expect(fake.client.auth.signOut).toHaveBeenCalled();
  });
});
