import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuth } from '@/features/auth/auth-context';
import { useCart } from '@/features/cart/cart-context';
import { CART_STORAGE_KEY, serializeCart } from '@/features/cart/cart-storage';
import { PaymentResultView } from '@/features/checkout/payment-result-view';
import { usePaymentResult } from '@/features/checkout/use-payment-result';
import { Component as IndividualAudios } from '@/routes/shop/individual-audios';
import { fake } from './auth-fake-supabase';
import { addFunctionsAndStorage, renderShop, signInCustomer, stubCatalogueFetch } from './shop-fixtures';

vi.mock('@/lib/supabase', () => import('./auth-fake-supabase').then((m) => m.supabaseModule));

beforeEach(() => {
  fake.reset();
  window.localStorage.clear();
  window.localStorage.setItem(
    CART_STORAGE_KEY,
    serializeCart([{ kind: 'product', slug: 'wake-refreshed' }]),
  );
  stubCatalogueFetch();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const onListen = vi.fn();

/** The result page's state and view, with the player's 'Listen now' as a spy (the page wires the real one). */
function ResultHarness({ readOrderLines }: { readOrderLines?: (id: string) => Promise<string[]> }) {
  const { loading, refreshPurchases } = useAuth();
  const { clear } = useCart();
  const { result, checkAgain } = usePaymentResult({
    ready: !loading,
    clearCart: clear,
    refreshPurchases,
    delayMs: 5,
    ...(readOrderLines ? { readOrderLines } : {}),
  });
  const canListen = result.kind === 'success' && result.productIds.length > 0;
  return (
    <PaymentResultView
      result={result}
      onListen={canListen ? onListen : undefined}
      onCheckAgain={checkAgain}
    />
  );
}

function renderResult(query: string, readOrderLines?: (id: string) => Promise<string[]>) {
  return renderShop(`/checkout/result${query}`, [
    { path: '/checkout/result', element: <ResultHarness readOrderLines={readOrderLines} /> },
    { path: '/individual-audios', element: <IndividualAudios /> },
  ]);
}
const purchaseReads = () => fake.client.queries.filter((query) => query.table === 'purchases').length;
const heading = (name: string) => screen.findByRole('heading', { level: 2, name });

describe('the payment result page', () => {
  it('paid: "Payment Successful!", what was bought, Listen now and My Account; cart cleared, purchases refreshed', async () => {
    signInCustomer();
    const { invoke } = addFunctionsAndStorage();
    invoke.mockResolvedValueOnce({
      data: {
        success: true,
        purchase: { title: 'Stop Smoking Package' },
        error: null,
        refunded: null,
        pending: false,
        lines: ['Stop Smoking Package'],
        productIds: ['p1', 'p2'],
        discount: { pence: 70, code: 'WELCOME10' },
        order: { number: '1A8045D8', paidPence: 629, receiptEmail: 'sam@example.com' },
      },
      error: null,
    });
    renderResult('?session_id=cs_test_123');
    expect(screen.getByText('Checking your payment…')).toBeInTheDocument();
    // Focus moves in an effect after the result renders.
    const paid = await heading('Payment Successful!');
    await waitFor(() => expect(paid).toHaveFocus());
    expect(screen.getByText('"Stop Smoking Package" has been added to your account.')).toBeInTheDocument();
    expect(screen.getByRole('list')).toHaveTextContent('Stop Smoking Package');
    // The discount, named by the promotion code the customer paid with.
    expect(screen.getByText('Discount (WELCOME10) −£0.70')).toBeInTheDocument();
    // The order as the receipt states it, and where the receipt went.
    expect(screen.getByText('Order number').nextElementSibling).toHaveTextContent('1A8045D8');
    expect(screen.getByText('Amount paid').nextElementSibling).toHaveTextContent('£6.29');
    expect(screen.getByText('A receipt is on its way to sam@example.com.')).toBeInTheDocument();
    // Focused for screen readers without the focus ring (index.css: data-quiet-focus).
    expect(paid).toHaveAttribute('data-quiet-focus');
    expect(screen.getByRole('link', { name: 'My Account' })).toHaveAttribute('href', '/account');
    await userEvent.click(screen.getByRole('button', { name: 'Listen now' }));
    expect(onListen).toHaveBeenCalledTimes(1);
    expect(invoke).toHaveBeenCalledWith('verify-payment', { body: { sessionId: 'cs_test_123' } });
    expect(invoke).toHaveBeenCalledTimes(1);
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
        lines: ['Wake Refreshed', 'Deep Sleep'],
        productIds: [],
      },
      error: null,
    });
    renderResult('?session_id=cs_test_123');
    await heading('Payment received, part refunded');
    expect(
      screen.getByText(
        '"Deep Sleep" was already in your account, so we have refunded £2.99 to your card. Everything else is in your account.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Listen now' })).not.toBeInTheDocument();
    expect(screen.queryByText(/^Discount/)).not.toBeInTheDocument();
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
    renderResult('?session_id=cs_test_123');
    await heading('Payment Successful!');
    expect(invoke).toHaveBeenCalledTimes(2);
  });

  it('still processing: asks a few times, then says so and offers to check again', async () => {
    signInCustomer();
    const { invoke } = addFunctionsAndStorage();
    const unpaid = {
      data: {
        success: false,
        purchase: null,
        error: 'The payment has not been completed yet.',
        pending: true,
      },
      error: null,
    };
    invoke.mockResolvedValue(unpaid);
    renderResult('?session_id=cs_test_123');
    await heading('Payment processing');
    expect(invoke).toHaveBeenCalledTimes(5);
    expect(window.localStorage.getItem(CART_STORAGE_KEY)).not.toBeNull();
    invoke.mockResolvedValueOnce({
      data: { success: true, purchase: { title: 'Wake Refreshed' }, error: null, lines: ['Wake Refreshed'] },
      error: null,
    });
    await userEvent.click(screen.getByRole('button', { name: 'Check again' }));
    await heading('Payment Successful!');
  });

  it("says 'Payment Verification Failed' when the payment is not confirmed, keeping the cart", async () => {
    signInCustomer();
    const { invoke } = addFunctionsAndStorage();
    invoke.mockResolvedValueOnce({
      data: { success: false, purchase: null, error: 'This payment was refunded.', pending: false },
      error: null,
    });
    renderResult('?session_id=cs_test_123');
    await heading('Payment Verification Failed');
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Please contact support if you believe this is an error.',
    );
    expect(window.localStorage.getItem(CART_STORAGE_KEY)).not.toBeNull();
  });

  it("says 'Verification Error' when the call fails, and only logs an exception", async () => {
    signInCustomer();
    const { invoke } = addFunctionsAndStorage();
    invoke.mockRejectedValueOnce(new Error('network down'));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderResult('?session_id=cs_test_123');
    await heading('Verification Error');
    expect(screen.getByRole('alert')).toHaveTextContent(
      "We couldn't verify your payment. Please contact support if you were charged.",
    );
    expect(warn).toHaveBeenCalledWith('Payment verification failed:', expect.any(Error));
  });

  it("cancelled: 'Payment Cancelled', the order's lines named as not bought, the cart kept", async () => {
    signInCustomer();
    const read = vi.fn().mockResolvedValue(['Tennis Focus']);
    renderResult('?status=cancelled&order=6f1c2d7e-2a4b-4c1d-9e8f-0a1b2c3d4e5f', read);
    await heading('Payment Cancelled');
    expect(screen.getByText('Your payment was cancelled. No charges were made.')).toBeInTheDocument();
    expect(await screen.findByRole('list')).toHaveTextContent('Tennis Focus');
    expect(read).toHaveBeenCalledWith('6f1c2d7e-2a4b-4c1d-9e8f-0a1b2c3d4e5f');
    expect(screen.getByRole('link', { name: 'Back to Cart' })).toHaveAttribute('href', '/cart');
    expect(window.localStorage.getItem(CART_STORAGE_KEY)).not.toBeNull();
  });

  it('an order id that is not a uuid is not looked up', async () => {
    signInCustomer();
    const read = vi.fn().mockResolvedValue([]);
    renderResult('?status=cancelled&order=1%20or%201=1', read);
    await heading('Payment Cancelled');
    expect(read).not.toHaveBeenCalled();
  });

  it('the older return address on /individual-audios goes on to the result page with its query', async () => {
    signInCustomer();
    const { invoke } = addFunctionsAndStorage();
    invoke.mockResolvedValueOnce({
      data: { success: true, purchase: { title: 'Wake Refreshed' }, error: null },
      error: null,
    });
    renderShop('/individual-audios?payment=success&session_id=cs_test_9', [
      { path: '/checkout/result', element: <ResultHarness /> },
      { path: '/individual-audios', element: <IndividualAudios /> },
    ]);
    await heading('Payment Successful!');
    expect(screen.getByTestId('location')).toHaveTextContent('/checkout/result');
    expect(invoke).toHaveBeenCalledWith('verify-payment', { body: { sessionId: 'cs_test_9' } });
  });
});
