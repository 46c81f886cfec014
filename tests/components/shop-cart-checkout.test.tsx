import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CART_STORAGE_KEY, parseStoredCart, serializeCart } from '@/features/cart/cart-storage';
import type { CartLine } from '@/features/cart/cart-types';
import { Component as CartPage } from '@/routes/shop/cart';
import { Component as CheckoutPage } from '@/routes/shop/checkout';
import { fake } from './auth-fake-supabase';
import { addFunctionsAndStorage, renderShop, signInCustomer, stubCatalogueFetch } from './shop-fixtures';

vi.mock('@/lib/supabase', () => import('./auth-fake-supabase').then((m) => m.supabaseModule));

const wake: CartLine = { kind: 'product', slug: 'wake-refreshed' };
const sleepPackage: CartLine = { kind: 'package', slug: 'insomnia-package' };
const gone: CartLine = { kind: 'product', slug: 'withdrawn' };
/** An audio no package of the fixtures includes. */
const relax: CartLine = { kind: 'product', slug: 'deep-relaxation-foundations' };

function storeCart(lines: CartLine[]) {
  window.localStorage.setItem(CART_STORAGE_KEY, serializeCart(lines));
}

const pages = [
  { path: '/cart', element: <CartPage /> },
  { path: '/checkout', element: <CheckoutPage /> },
];

beforeEach(() => {
  fake.reset();
  window.localStorage.clear();
  stubCatalogueFetch();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('/cart', () => {
  it('lists each line with title, category and catalogue price, and the total', async () => {
    storeCart([relax, sleepPackage]);
    renderShop('/cart', pages);
    const lines = await screen.findAllByTestId('cart-line');
    expect(lines.map((line) => line.textContent)).toEqual([
      expect.stringContaining('Deep Relaxation FoundationsSelf-Hypnosis Foundation£2.99'),
      expect.stringContaining('Better Sleep PackagePackage · Insomnia£6.99'),
    ]);
    expect(screen.getByTestId('cart-total')).toHaveTextContent('£9.98');
    expect(screen.getByRole('link', { name: 'Checkout' })).toHaveAttribute('href', '/checkout');
  });

  it('prices from the catalogue, whatever storage holds', async () => {
    window.localStorage.setItem(
      CART_STORAGE_KEY,
      JSON.stringify({ version: 2, items: [{ ...wake, price: 0.01, title: 'Free stuff' }] }),
    );
    renderShop('/cart', pages);
    expect(await screen.findByTestId('cart-total')).toHaveTextContent('£2.99');
    expect(screen.queryByText('Free stuff')).not.toBeInTheDocument();
  });

  it('removes a line, and clears the cart to the empty state with links to both catalogue pages', async () => {
    storeCart([relax, sleepPackage]);
    const user = userEvent.setup();
    renderShop('/cart', pages);
    await user.click(await screen.findByRole('button', { name: /^Remove ?: Deep Relaxation Foundations$/ }));
    expect(screen.getAllByTestId('cart-line')).toHaveLength(1);
    expect(screen.getByTestId('cart-total')).toHaveTextContent('£6.99');
    expect(parseStoredCart(window.localStorage.getItem(CART_STORAGE_KEY))).toEqual([sleepPackage]);
    await user.click(screen.getByRole('button', { name: 'Clear Cart' }));
    expect(screen.getByRole('heading', { name: 'Your cart is empty' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse Packages' })).toHaveAttribute('href', '/audio-library');
    expect(screen.getByRole('link', { name: 'Browse Individual Audios' })).toHaveAttribute(
      'href',
      '/individual-audios',
    );
    expect(window.localStorage.getItem(CART_STORAGE_KEY)).toBeNull();
  });

  it('shows items no longer in the catalogue, and owned items, without charging them', async () => {
    signInCustomer(['id-wake-refreshed']);
    storeCart([wake, gone, sleepPackage]);
    renderShop('/cart', pages);
    const lines = await screen.findAllByTestId('cart-line');
    await waitFor(() =>
      expect(
        within(lines[0] as HTMLElement).getByText('You already own "Wake Refreshed", so it will not be charged.'),
      ).toBeInTheDocument(),
    );
    expect(lines[1]).toHaveTextContent('No longer available');
    // The package without the owned audio's share of its price (699 over four equal audios: 175 each, one 174),
    // as create-checkout charges it.
    expect(lines[2]).toHaveTextContent(
      'In "Better Sleep Package", you already own "Wake Refreshed": it is left out, so the package costs £5.24 instead of £6.99.',
    );
    expect(screen.getByTestId('cart-total')).toHaveTextContent('£5.24');
    expect(screen.getByRole('heading', { name: 'Check before you pay' })).toBeInTheDocument();
  });

  it('flags an audio a package in the cart already includes, charges it once, and fixes it in one tap', async () => {
    storeCart([wake, sleepPackage]);
    const user = userEvent.setup();
    renderShop('/cart', pages);
    const lines = await screen.findAllByTestId('cart-line');
    expect(lines[0]).toHaveTextContent(
      '"Wake Refreshed" is already included in "Better Sleep Package" in your cart, so it will not be charged twice.',
    );
    expect(screen.getByTestId('cart-total')).toHaveTextContent('£6.99');
    await user.click(screen.getByRole('button', { name: 'Remove "Wake Refreshed", keep the package' }));
    expect(screen.getAllByTestId('cart-line')).toHaveLength(1);
    expect(screen.queryByTestId('cart-notice')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Check before you pay' })).not.toBeInTheDocument();
    expect(parseStoredCart(window.localStorage.getItem(CART_STORAGE_KEY))).toEqual([sleepPackage]);
  });
});

describe('/checkout', () => {
  it('sends a signed-out visitor to sign in, to come back to /checkout', async () => {
    storeCart([wake]);
    renderShop('/checkout', pages);
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/auth?redirectTo=%2Fcheckout'),
    );
  });

  it("summarises the order and 'Pay with card' goes to the session create-checkout returns", async () => {
    signInCustomer();
    storeCart([relax, sleepPackage]);
    const { invoke } = addFunctionsAndStorage();
    invoke.mockResolvedValueOnce({
      data: { url: 'https://checkout.stripe.test/c/pay/cs_test_1' },
      error: null,
    });
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const user = userEvent.setup();
    renderShop('/checkout', pages);
    const summary = await screen.findByRole('region', { name: 'Order Summary' });
    expect(summary).toHaveTextContent('Deep Relaxation Foundations');
    expect(summary).toHaveTextContent('Better Sleep Package');
    expect(within(summary).getByTestId('order-total')).toHaveTextContent('£9.98');
    await user.click(screen.getByRole('button', { name: 'Pay with card' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://checkout.stripe.test/c/pay/cs_test_1'));
    // By the ids the live catalogue has for the cart's slugs.
    expect(invoke).toHaveBeenCalledWith('create-checkout', {
      body: {
        items: [
          { kind: 'product', id: 'id-deep-relaxation-foundations' },
          { kind: 'package', id: 'id-insomnia-package' },
        ],
      },
    });
    expect(screen.getByRole('status')).toHaveTextContent('Taking you to the secure payment page…');
  });

  it('flags at checkout what the package already includes, sends only the package, and fixes it in one tap', async () => {
    signInCustomer();
    storeCart([wake, sleepPackage]);
    const { invoke } = addFunctionsAndStorage();
    invoke.mockResolvedValueOnce({ data: { url: 'https://checkout.stripe.test/c/pay/cs_test_2' }, error: null });
    vi.stubGlobal('location', { ...window.location, assign: vi.fn() });
    const user = userEvent.setup();
    renderShop('/checkout', pages);
    const summary = await screen.findByRole('region', { name: 'Order Summary' });
    expect(within(summary).getByTestId('order-total')).toHaveTextContent('£6.99');
    expect(summary).not.toHaveTextContent('Wake Refreshed');
    expect(screen.getByTestId('cart-notice')).toHaveTextContent('already included in "Better Sleep Package"');
    await user.click(screen.getByRole('button', { name: 'Pay with card' }));
    await waitFor(() =>
      expect(invoke).toHaveBeenCalledWith('create-checkout', {
        body: { items: [{ kind: 'package', id: 'id-insomnia-package' }] },
      }),
    );
  });

  it.each([400, 429])("shows the function's own message for a %i and stays", async (status) => {
    signInCustomer();
    storeCart([wake]);
    const { invoke } = addFunctionsAndStorage();
    const message =
      status === 400
        ? 'Wake Refreshed is already in your account.'
        : 'Too many checkouts. Please wait a minute.';
    invoke.mockResolvedValueOnce({
      data: null,
      error: {
        message: 'Edge Function returned a non-2xx status code',
        context: new Response(JSON.stringify({ error: message }), { status }),
      },
    });
    const user = userEvent.setup();
    renderShop('/checkout', pages);
    await user.click(await screen.findByRole('button', { name: 'Pay with card' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('button', { name: 'Pay with card' })).toBeEnabled();
  });

  it('shows a generic message for any other failure', async () => {
    signInCustomer();
    storeCart([wake]);
    const { invoke } = addFunctionsAndStorage();
    invoke.mockResolvedValueOnce({
      data: null,
      error: {
        message: 'non-2xx',
        context: new Response(JSON.stringify({ error: 'stack trace here' }), { status: 502 }),
      },
    });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const user = userEvent.setup();
    renderShop('/checkout', pages);
    await user.click(await screen.findByRole('button', { name: 'Pay with card' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'We could not start the payment. Please try again in a moment.',
    );
    expect(screen.queryByText('stack trace here')).not.toBeInTheDocument();
    expect(warn).toHaveBeenCalled();
  });

  it('shows the empty cart when there is nothing to check out', async () => {
    signInCustomer();
    renderShop('/checkout', pages);
    expect(await screen.findByRole('heading', { name: 'Your cart is empty' })).toBeInTheDocument();
  });
});
