import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CART_STORAGE_KEY, serializeCart } from '@/features/cart/cart-storage';
import { resetShopQueryClient } from '@/features/catalogue/catalogue-query-provider';
import { observeToasts, type ToastNotice } from '@/lib/toast';
import { Component as IndividualAudios } from '@/routes/shop/individual-audios';
import { fake } from './auth-fake-supabase';
import { addFunctionsAndStorage, renderShop, signInCustomer, stubCatalogueFetch } from './shop-fixtures';

vi.mock('@/lib/supabase', () => import('./auth-fake-supabase').then((m) => m.supabaseModule));

let toasts: ToastNotice[] = [];
let stopObserving: () => void;

beforeEach(() => {
  fake.reset();
  resetShopQueryClient();
  window.localStorage.clear();
  window.localStorage.setItem(
    CART_STORAGE_KEY,
    serializeCart([{ kind: 'product', id: 'id-wake-refreshed' }]),
  );
  stubCatalogueFetch();
  toasts = [];
  stopObserving = observeToasts((notice) => toasts.push(notice));
});
afterEach(() => {
  stopObserving();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderReturn(query: string) {
  return renderShop(`/individual-audios${query}`, [
    { path: '/individual-audios', element: <IndividualAudios /> },
  ]);
}
const location = () => screen.getByTestId('location').textContent;
const purchaseReads = () => fake.client.queries.filter((query) => query.table === 'purchases').length;

describe('payment return on /individual-audios', () => {
  it('verifies a paid session: success toast with the title, cart cleared, purchases refreshed, URL replaced', async () => {
    signInCustomer();
    const { invoke } = addFunctionsAndStorage();
    invoke.mockResolvedValueOnce({
      data: { success: true, purchase: { title: 'Wake Refreshed' }, error: null },
      error: null,
    });
    renderReturn('?payment=success&session_id=cs_test_123');
    await waitFor(() => expect(location()).toBe('/individual-audios'));
    expect(invoke).toHaveBeenCalledWith('verify-payment', { body: { sessionId: 'cs_test_123' } });
    expect(invoke).toHaveBeenCalledTimes(1);
    expect(toasts).toEqual([
      { title: 'Payment Successful!', description: '"Wake Refreshed" has been added to your account.' },
    ]);
    expect(window.localStorage.getItem(CART_STORAGE_KEY)).toBeNull();
    expect(purchaseReads()).toBe(2); // at sign-in, and again after the verified payment
  });

  it('says what was refunded instead of plain success when part of the payment was for audio already owned', async () => {
    signInCustomer();
    const { invoke } = addFunctionsAndStorage();
    invoke.mockResolvedValueOnce({
      data: {
        success: true,
        purchase: { title: 'Wake Refreshed and 1 more' },
        error: null,
        refunded: { pence: 299, titles: ['Deep Sleep'], done: true },
      },
      error: null,
    });
    renderReturn('?payment=success&session_id=cs_test_123');
    await waitFor(() => expect(location()).toBe('/individual-audios'));
    expect(toasts).toEqual([
      {
        title: 'Payment received, part refunded',
        description:
          '"Deep Sleep" was already in your account, so we have refunded £2.99 to your card. Everything else is in your account.',
      },
    ]);
    expect(window.localStorage.getItem(CART_STORAGE_KEY)).toBeNull();
  });

  it('asks again when the database was busy (503), then reports the outcome', async () => {
    signInCustomer();
    const { invoke } = addFunctionsAndStorage();
    invoke
      .mockResolvedValueOnce({
        data: null,
        error: { message: 'non-2xx', context: new Response('{"retry":true}', { status: 503 }) },
      })
      .mockResolvedValueOnce({
        data: { success: true, purchase: { title: 'Wake Refreshed' }, error: null, refunded: null },
        error: null,
      });
    renderReturn('?payment=success&session_id=cs_test_123');
    await waitFor(() => expect(location()).toBe('/individual-audios'), { timeout: 5000 });
    expect(invoke).toHaveBeenCalledTimes(2);
    expect(toasts).toEqual([
      { title: 'Payment Successful!', description: '"Wake Refreshed" has been added to your account.' },
    ]);
  });

  it("says 'Payment Verification Failed' when the payment is not confirmed, keeping the cart", async () => {
    signInCustomer();
    const { invoke } = addFunctionsAndStorage();
    invoke.mockResolvedValueOnce({
      data: { success: false, purchase: null, error: 'The payment has not been completed yet.' },
      error: null,
    });
    renderReturn('?payment=success&session_id=cs_test_123');
    await waitFor(() => expect(location()).toBe('/individual-audios'));
    expect(toasts).toEqual([
      {
        title: 'Payment Verification Failed',
        description: 'Please contact support if you believe this is an error.',
      },
    ]);
    expect(window.localStorage.getItem(CART_STORAGE_KEY)).not.toBeNull();
  });

  it("says 'Verification Error' when the call fails", async () => {
    signInCustomer();
    const { invoke } = addFunctionsAndStorage();
    invoke.mockResolvedValueOnce({
      data: null,
      error: { message: 'non-2xx', context: new Response('{}', { status: 404 }) },
    });
    renderReturn('?payment=success&session_id=cs_test_123');
    await waitFor(() => expect(location()).toBe('/individual-audios'));
    expect(toasts).toEqual([
      {
        title: 'Verification Error',
        description: "We couldn't verify your payment. Please contact support if you were charged.",
      },
    ]);
  });

  it('only logs an exception during verification', async () => {
    signInCustomer();
    const { invoke } = addFunctionsAndStorage();
    invoke.mockRejectedValueOnce(new Error('network down'));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderReturn('?payment=success&session_id=cs_test_123');
    await waitFor(() => expect(location()).toBe('/individual-audios'));
    expect(toasts).toEqual([]);
    expect(warn).toHaveBeenCalledWith('Payment verification failed:', expect.any(Error));
  });

  it('shows the verifying status while the session is checked', async () => {
    signInCustomer();
    const { invoke } = addFunctionsAndStorage();
    let answer: (value: { data: unknown; error: unknown }) => void = () => {};
    invoke.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    renderReturn('?payment=success&session_id=cs_test_123');
    expect(await screen.findByText('Verifying your payment…')).toBeInTheDocument();
    await waitFor(() => expect(invoke).toHaveBeenCalled());
    answer({ data: { success: true, purchase: { title: 'Wake Refreshed' } }, error: null });
    await waitFor(() => expect(screen.queryByText('Verifying your payment…')).not.toBeInTheDocument());
  });

  it('without a session id: the completed-purchase toast, purchases refreshed, URL replaced', async () => {
    signInCustomer();
    const { invoke } = addFunctionsAndStorage();
    renderReturn('?payment=success');
    await waitFor(() => expect(location()).toBe('/individual-audios'));
    expect(invoke).not.toHaveBeenCalled();
    expect(toasts).toEqual([
      {
        title: 'Payment Successful!',
        description: 'Your purchase has been completed. You can find your audio in your account.',
      },
    ]);
    await waitFor(() => expect(purchaseReads()).toBe(2));
  });

  it("says 'Payment Cancelled' and keeps the cart", async () => {
    renderReturn('?payment=cancelled');
    await waitFor(() => expect(location()).toBe('/individual-audios'));
    expect(toasts).toEqual([
      { title: 'Payment Cancelled', description: 'Your payment was cancelled. No charges were made.' },
    ]);
    expect(window.localStorage.getItem(CART_STORAGE_KEY)).not.toBeNull();
  });
});
