import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DataExportSection } from '@/features/account/data-export-section';
import { DeleteAccountSection } from '@/features/account/delete-account-section';
import { OrdersSection } from '@/features/account/orders-section';
import type { PaidAs } from '@/features/account/paid-as';
import { YourAudioSection, type OwnedAudio } from '@/features/account/your-audio-section';
import { fake } from './auth-fake-supabase';
import { audioGroups, audioRows } from './your-audio-queries';

vi.mock('@/lib/supabase', () => import('./auth-fake-supabase').then((m) => m.supabaseModule));

const signOwnedAudioUrl = vi.hoisted(() =>
  vi.fn(async (productId: string) => ({ url: `https://stack.test/sign/${productId}?token=t`, expiresAt: 4_000_000_000 })),
);
vi.mock('@/lib/audio-storage', () => ({ signOwnedAudioUrl }));

const saved = vi.hoisted(() => [] as { blob: Blob; name: string }[]);
vi.mock('@/features/account/save-file', () => ({
  saveBlob: (blob: Blob, name: string) => saved.push({ blob, name }),
}));

const toastError = vi.hoisted(() => vi.fn());
vi.mock('@/lib/toast', () => ({ toast: { error: toastError, success: vi.fn(), message: vi.fn() } }));

const audios: OwnedAudio[] = [
  { id: 'p3', title: 'Sleep Deeply Tonight', category: 'Sleep', purchaseDate: '2026-11-20', price: 9.99, productId: 'prod-3' },
  { id: 'p2', title: 'Old Gift', category: '', purchaseDate: '2026-03-01', price: 0, productId: null },
  { id: 'p1', title: 'Calm: "Anxiety" Relief?', category: 'Anxiety & Stress', purchaseDate: '2025-01-05', price: 15, productId: 'prod-1' },
];

/** jsdom's Blob has no text(): read it the way a page would. */
function readText(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });
}

function withProviders(children: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return (
    <MemoryRouter>
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </MemoryRouter>
  );
}

beforeEach(() => {
  fake.reset();
  saved.length = 0;
  signOwnedAudioUrl.mockClear();
  toastError.mockClear();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Your audio', () => {
  const player = () => ({ onPlay: vi.fn(), onAddToPlaylist: vi.fn(), onPlayAll: vi.fn() });

  it('lists every purchase in the order given (newest first) with category, en-GB date and price', () => {
    render(withProviders(<YourAudioSection audios={audios} player={player()} />));
    // The practitioner's gift in its group first, then the single audios newest first.
    expect(audioGroups()).toEqual([
      ['Given by your practitioner', ['Old Gift']],
      ['Single audios', ['Sleep Deeply Tonight', 'Calm: "Anxiety" Relief?']],
    ]);
    const [gift, ...singles] = audioRows();
    const items = [singles[0], gift, singles[1]];
    expect(items[0]).toHaveTextContent('Sleep');
    expect(items[0]).toHaveTextContent('Purchased20 November 2026');
    expect(items[0]).toHaveTextContent('£9.99');
    expect(items[2]).toHaveTextContent('5 January 2025');
    expect(items[2]).toHaveTextContent('£15');
    expect(items[2]).toHaveTextContent('Anxiety & Stress');
    // No product, nothing to stream: said plainly, no buttons that could do nothing.
    expect(within(items[1]!).queryByRole('button')).toBeNull();
    expect(items[1]).toHaveTextContent('This audio is not available to stream yet.');
  });

  it("shows a package's audio as part of the package and a discounted single as such, never a split price", () => {
    const bought: OwnedAudio[] = [
      { id: 'pa', title: 'Cravings Away', category: 'Smoking', purchaseDate: '2026-11-21', price: 1.57, productId: 'prod-c', orderId: 'o1' },
      { id: 'ps', title: 'Deep Sleep', category: 'Sleep', purchaseDate: '2026-11-21', price: 2.69, productId: 'prod-s', orderId: 'o1' },
      { id: 'pf', title: 'Full Price', category: 'Sleep', purchaseDate: '2026-11-20', price: 2.99, productId: 'prod-f', orderId: 'o2' },
      { id: 'pl', title: 'Loading Order', category: 'Sleep', purchaseDate: '2026-11-19', price: 1.58, productId: 'prod-l', orderId: 'o3' },
      { id: 'pr', title: 'Older Order', category: 'Sleep', purchaseDate: '2026-11-18', price: 2.49, productId: 'prod-r', orderId: 'o4' },
    ];
    const paidAs = new Map<string, PaidAs>([
      ['pa', { kind: 'package', packageTitle: 'Stop Smoking Package' }],
      ['ps', { kind: 'single', discounted: true }],
      ['pf', { kind: 'single', discounted: false }],
      ['pr', { kind: 'recorded' }],
    ]);
    render(withProviders(<YourAudioSection audios={bought} player={player()} paidAs={paidAs} />));
    // The package's audio under the package's heading, then the single audios (an unknown order's among them).
    expect(audioGroups()).toEqual([
      ['Package: Stop Smoking Package', ['Cravings Away']],
      ['Single audios', ['Deep Sleep', 'Full Price', 'Loading Order', 'Older Order']],
    ]);
    const items = audioRows();
    expect(items[0]).toHaveTextContent('Part of Stop Smoking Package');
    expect(items[0]).not.toHaveTextContent('£');
    expect(items[1]).toHaveTextContent('£2.69 after discount');
    expect(items[2]).toHaveTextContent('£2.99');
    expect(items[2]).not.toHaveTextContent('after discount');
    // Its order not known (yet): no price rather than a possibly split one.
    expect(items[3]).not.toHaveTextContent('£');
    // Its order known but silent on it (written without order_items): the recorded price.
    expect(items[4]).toHaveTextContent('£2.49');
  });

  it('Play plays the audio with the playable list as the queue; Add to playlist and Play all use the player', async () => {
    const user = userEvent.setup();
    const actions = player();
    render(withProviders(<YourAudioSection audios={audios} player={actions} />));
    const playable = [audios[0], audios[2]];

    await user.click(screen.getByRole('button', { name: 'Play Calm: "Anxiety" Relief?' }));
    expect(actions.onPlay).toHaveBeenCalledWith(audios[2], playable);

    await user.click(screen.getByRole('button', { name: 'Add to playlist: Sleep Deeply Tonight' }));
    expect(actions.onAddToPlaylist).toHaveBeenCalledWith(audios[0]);

    await user.click(screen.getByRole('button', { name: 'Play all' }));
    expect(actions.onPlayAll).toHaveBeenCalledWith(playable);
  });

  it('Download fetches through a signed URL that names the product only and saves the file under its title', async () => {
    const user = userEvent.setup();
    const fetchMock = vi.fn(async () => new Response('mp3', { headers: { 'content-type': 'audio/mpeg' } }));
    vi.stubGlobal('fetch', fetchMock);
    render(withProviders(<YourAudioSection audios={audios} player={player()} />));

    await user.click(screen.getByRole('button', { name: 'Download Calm: "Anxiety" Relief?' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(signOwnedAudioUrl).toHaveBeenCalledWith('prod-1');
    const requested = String((fetchMock.mock.calls[0] as unknown[])[0]);
    expect(requested).toBe('https://stack.test/sign/prod-1?token=t');
    expect(requested).not.toMatch(/Calm|Anxiety/);
    expect(saved[0]!.name).toBe('Calm Anxiety Relief.mp3');
    expect(await saved[0]!.blob.text()).toBe('mp3');
    expect(screen.getByRole('button', { name: 'Download Calm: "Anxiety" Relief?' })).toBeEnabled();
  });

  it('a failed download is logged without the title and told to the user', async () => {
    const user = userEvent.setup();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.stubGlobal('fetch', vi.fn(async () => new Response('no', { status: 400 })));
    render(withProviders(<YourAudioSection audios={audios} player={player()} />));
    await user.click(screen.getByRole('button', { name: 'Download Sleep Deeply Tonight' }));
    await waitFor(() => expect(toastError).toHaveBeenCalledWith('The download could not start. Please try again.'));
    expect(saved).toHaveLength(0);
    expect(JSON.stringify(warn.mock.calls)).not.toContain('Sleep');
    warn.mockRestore();
  });

  it('without a player only Download is offered', () => {
    render(withProviders(<YourAudioSection audios={audios} />));
    expect(screen.queryByRole('button', { name: /^Play/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Add to playlist/ })).toBeNull();
    expect(screen.getAllByRole('button', { name: /^Download/ })).toHaveLength(2);
  });

  it('with nothing bought, an empty state links to the shop', () => {
    render(withProviders(<YourAudioSection audios={[]} player={player()} />));
    expect(screen.getByRole('heading', { level: 3, name: 'No audio yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse the audio library' })).toHaveAttribute('href', '/audio-library');
    expect(screen.getByRole('link', { name: 'Browse individual audios' })).toHaveAttribute('href', '/individual-audios');
    expect(screen.queryByRole('button', { name: 'Play all' })).toBeNull();
  });
});

describe('Orders', () => {
  // A £6.99 package (three audios) and a £2.99 single, paid with a promotion code worth 30p: £9.98 less £0.30.
  const row = {
    id: 'order-1',
    created_at: '2026-11-21T10:15:00Z',
    status: 'paid',
    amount_pence: 998,
    amount_paid_pence: 968,
    promotion_code: 'WELCOME10',
    currency: 'gbp',
    order_lines: [
      { position: 2, kind: 'product', title: 'Deep Sleep', category: 'Sleep', price_pence: 299 },
      { position: 1, kind: 'package', title: 'Stop Smoking Package', category: '', price_pence: 699 },
    ],
    order_items: [
      { product_id: 'prod-b', line_position: 1, products: { title: 'Smoke Free Mornings' } },
      { product_id: 'prod-s', line_position: 2, products: { title: 'Deep Sleep' } },
      { product_id: 'prod-a', line_position: 1, products: { title: 'Inception Guide' } },
      { product_id: 'prod-c', line_position: 1, products: { title: 'Cravings Away' } },
    ],
  };

  it("shows each order as paid: a package as one line with its audios beneath, the discount, the total, status", async () => {
    fake.client.tables.orders = () => ({
      data: [
        row,
        { ...row, id: 'order-0', created_at: '2026-10-01T09:00:00Z', status: 'refunded', amount_pence: 299, amount_paid_pence: 299, promotion_code: null, order_lines: [row.order_lines[0]], order_items: [] },
      ],
      error: null,
    });
    render(withProviders(<OrdersSection userId="user-1" />));
    expect(screen.getByRole('status')).toHaveTextContent('Loading your orders…');
    const list = await screen.findByRole('list', { name: 'Your orders' });
    const orders = within(list).getAllByRole('heading', { level: 3 }).map((heading) => heading.closest('li')!);
    expect(orders[0]).toHaveTextContent('21 November 2026');
    expect(orders[0]).toHaveTextContent('Paid');
    const lines = within(orders[0]!).getAllByRole('listitem').filter((li) => li.parentElement?.closest('li') === orders[0]);
    expect(lines.map((li) => li.firstElementChild?.textContent)).toEqual(['Stop Smoking Package£6.99', 'Deep Sleep£2.99']);
    // The package's audios beneath it, by title, without the split prices the bookkeeping records.
    const packageAudios = within(orders[0]!).getByRole('list', { name: 'Audios in Stop Smoking Package' });
    expect(within(packageAudios).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Cravings Away',
      'Inception Guide',
      'Smoke Free Mornings',
    ]);
    expect(packageAudios).not.toHaveTextContent('£');
    expect(orders[0]).toHaveTextContent('Subtotal£9.98');
    // The discount line names the promotion code the order was paid with.
    expect(orders[0]).toHaveTextContent('Discount (WELCOME10)−£0.30');
    expect(orders[0]).toHaveTextContent('Total£9.68');
    expect(orders[1]).toHaveTextContent('1 October 2026');
    expect(orders[1]).toHaveTextContent('Refunded');
    expect(orders[1]).toHaveTextContent('Total£2.99');
    expect(orders[1]).not.toHaveTextContent('Discount');
    expect(orders[1]).not.toHaveTextContent('Subtotal');
    expect(within(orders[1]!).queryByRole('list', { name: /^Audios in/ })).toBeNull();
    // Only the caller's orders, even for an admin whose policy reads all.
    const query = fake.client.queries.find((q) => q.table === 'orders')!;
    expect(query.calls).toContainEqual(['eq', ['user_id', 'user-1']]);
    expect(query.calls).toContainEqual(['order', ['created_at', { ascending: false }]]);
  });

  it('keeps a package line when its audios can no longer be read, and totals an order not yet paid at its catalogue total', async () => {
    fake.client.tables.orders = () => ({
      data: [{ ...row, amount_paid_pence: null, order_items: [{ product_id: 'prod-a', line_position: 1, products: null }] }],
      error: null,
    });
    render(withProviders(<OrdersSection userId="user-1" />));
    const list = await screen.findByRole('list', { name: 'Your orders' });
    expect(list).toHaveTextContent('Stop Smoking Package£6.99');
    expect(within(list).queryByRole('list', { name: 'Audios in Stop Smoking Package' })).toBeNull();
    expect(list).toHaveTextContent('Total£9.98');
    expect(list).not.toHaveTextContent('Discount');
  });

  it('says when there are none, and offers a retry when they could not load', async () => {
    fake.client.tables.orders = () => ({ data: null, error: { message: 'boom' } });
    const user = userEvent.setup();
    render(withProviders(<OrdersSection userId="user-1" />));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your orders could not be loaded.');
    fake.client.tables.orders = () => ({ data: [], error: null });
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('You have no orders yet.')).toBeInTheDocument();
  });
});

describe('Download my data', () => {
  it('saves a JSON file of account (with the name given), purchases, orders and browser settings, named by date only', async () => {
    const user = userEvent.setup();
    const session = {
      user: {
        id: 'user-1',
        email: 'me@example.com',
        created_at: '2026-01-01T00:00:00Z',
        user_metadata: { full_name: '  Sam Example ' },
      },
    };
    Object.assign(fake.client.auth, {
      getUser: vi.fn(async () => ({ data: { user: session.user }, error: null })),
    });
    fake.client.tables.purchases = () => ({
      data: [{ id: 'p1', product_id: 'prod-1', order_id: 'o1', title: 'Secret Title', category: 'Sleep', price: '9.99', created_at: '2026-11-20T10:00:00Z' }],
      error: null,
    });
    fake.client.tables.orders = () => ({ data: [], error: null });
    fake.client.tables.user_roles = () => ({ data: [{ role: 'customer' }], error: null });
    const settings = { cookiePreferences: { hasConsented: true }, accessibility: { highContrast: true } };
    render(withProviders(<DataExportSection readBrowserSettings={() => settings} />));

    await user.click(screen.getByRole('button', { name: 'Download my data' }));
    expect(await screen.findByText('Your data has been downloaded.')).toBeInTheDocument();
    expect(saved).toHaveLength(1);
    expect(saved[0]!.name).toMatch(/^my-account-data-\d{4}-\d{2}-\d{2}\.json$/);
    expect(saved[0]!.blob.type).toBe('application/json');
    const file = JSON.parse(await readText(saved[0]!.blob)) as Record<string, unknown>;
    expect(file).toMatchObject({
      account: { id: 'user-1', email: 'me@example.com', fullName: 'Sam Example', roles: ['customer'] },
      purchases: [{ id: 'p1', productId: 'prod-1', title: 'Secret Title', price: 9.99 }],
      orders: [],
      browserSettings: settings,
    });
    expect(typeof file.exportedAt).toBe('string');
    for (const table of ['purchases', 'user_roles', 'orders']) {
      expect(fake.client.queries.find((q) => q.table === table)!.calls).toContainEqual(['eq', ['user_id', 'user-1']]);
    }
  });

  it('says so when the export fails, and saves nothing', async () => {
    const user = userEvent.setup();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    Object.assign(fake.client.auth, {
      getUser: vi.fn(async () => ({ data: { user: null }, error: { message: 'expired' } })),
    });
    render(withProviders(<DataExportSection readBrowserSettings={() => ({})} />));
    await user.click(screen.getByRole('button', { name: 'Download my data' }));
    expect(await screen.findByText('Your data could not be downloaded. Please try again.')).toBeInTheDocument();
    expect(saved).toHaveLength(0);
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });
});

describe('Delete my account', () => {
  function withFunctions(invoke: (...args: unknown[]) => Promise<unknown>) {
    const spy = vi.fn(invoke);
    Object.assign(fake.client, { functions: { invoke: spy } });
    return spy;
  }

  it('asks for the typed word in a labelled dialog, then calls delete-account and reports back', async () => {
    const user = userEvent.setup();
    const invoke = withFunctions(async () => ({ data: { deleted: true }, error: null }));
    const onDeleted = vi.fn();
    render(withProviders(<DeleteAccountSection onDeleted={onDeleted} />));
    expect(screen.getByText(/kept without your name or email for 7 years/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete your account?' });
    expect(dialog).toHaveAccessibleDescription(/cannot be undone/);
    const confirm = within(dialog).getByRole('button', { name: 'Delete my account for good' });
    expect(confirm).toBeDisabled();
    const input = within(dialog).getByLabelText('Type DELETE to confirm');
    await user.type(input, 'delete');
    expect(confirm).toBeDisabled();
    await user.clear(input);
    await user.type(input, 'DELETE');
    expect(confirm).toBeEnabled();
    await user.click(confirm);
    await waitFor(() => expect(onDeleted).toHaveBeenCalledTimes(1));
    // Nothing about whose account: the function reads the caller from the JWT.
    expect(invoke).toHaveBeenCalledWith('delete-account', { method: 'POST', body: {} });
  });

  it('stays busy while signing out, then drops the account from the cache (nothing else)', async () => {
    const user = userEvent.setup();
    withFunctions(async () => ({ data: { deleted: true }, error: null }));
    let signedOut!: () => void;
    const onDeleted = vi.fn(() => new Promise<void>((resolve) => (signedOut = resolve)));
    const client = new QueryClient();
    client.setQueryData(['account', 'orders', 'user-1'], []);
    client.setQueryData(['catalogue', 'products'], []);
    render(
      <MemoryRouter>
        <QueryClientProvider client={client}>
          <DeleteAccountSection onDeleted={onDeleted} />
        </QueryClientProvider>
      </MemoryRouter>,
    );
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    const dialog = screen.getByRole('dialog');
    await user.type(within(dialog).getByLabelText('Type DELETE to confirm'), 'DELETE');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account for good' }));
    await waitFor(() => expect(onDeleted).toHaveBeenCalledTimes(1));
    const busy = within(dialog).getByRole('button', { name: 'Deleting your account…' });
    expect(busy).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    expect(client.getQueryData(['account', 'orders', 'user-1'])).toEqual([]);
    signedOut();
    await waitFor(() => expect(client.getQueryData(['account', 'orders', 'user-1'])).toBeUndefined());
    expect(client.getQueryData(['catalogue', 'products'])).toEqual([]);
    expect(busy).toBeDisabled();
  });

  it("shows the function's refusal (the last admin) in the dialog and deletes nothing", async () => {
    const user = userEvent.setup();
    const message = 'You are the only admin, so your account cannot be deleted.';
    withFunctions(async () => ({
      data: null,
      error: { context: new Response(JSON.stringify({ error: message }), { status: 409 }) },
    }));
    const onDeleted = vi.fn();
    render(withProviders(<DeleteAccountSection onDeleted={onDeleted} />));
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    const dialog = screen.getByRole('dialog');
    await user.type(within(dialog).getByLabelText('Type DELETE to confirm'), 'DELETE');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account for good' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(message);
    expect(onDeleted).not.toHaveBeenCalled();
    expect(within(dialog).getByRole('button', { name: 'Delete my account for good' })).toBeEnabled();
  });

  it('a failure without a message gets the fallback; Cancel closes and returns focus to the button', async () => {
    const user = userEvent.setup();
    withFunctions(async () => ({ data: null, error: new Error('') }));
    render(withProviders(<DeleteAccountSection onDeleted={vi.fn()} />));
    const trigger = screen.getByRole('button', { name: 'Delete my account' });
    await user.click(trigger);
    const dialog = screen.getByRole('dialog');
    await user.type(within(dialog).getByLabelText('Type DELETE to confirm'), 'DELETE');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account for good' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Your account could not be deleted. Please try again.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(trigger).toHaveFocus();
  });
});
