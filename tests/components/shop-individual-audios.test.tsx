import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CART_STORAGE_KEY, parseStoredCart } from '@/features/cart/cart-storage';
import {
  CATALOGUE_SNAPSHOT_ID,
  resetCatalogueSnapshotForTests,
} from '@/features/catalogue/catalogue-snapshot';
import { jsonForScript } from '@/lib/json-in-script';
import { mapPackageRows, mapProductRows } from '@/features/catalogue/catalogue-rows';
import { observeToasts, type ToastNotice } from '@/lib/toast';
import { Component as IndividualAudios } from '@/routes/shop/individual-audios';
import { fake } from './auth-fake-supabase';
import {
  addFunctionsAndStorage,
  packageRows,
  productRows,
  renderShop,
  signInCustomer,
  stubCatalogueFetch,
} from './shop-fixtures';

vi.mock('@/lib/supabase', () => import('./auth-fake-supabase').then((m) => m.supabaseModule));

let toasts: ToastNotice[] = [];
let stopObserving: () => void;
const play = vi.fn(async () => {});
const pause = vi.fn();
// jsdom has no media playback; the page's audio element uses these (kept past each test's cleanup).
HTMLMediaElement.prototype.play = play;
HTMLMediaElement.prototype.pause = pause;

beforeEach(() => {
  fake.reset();
  resetCatalogueSnapshotForTests();
  window.localStorage.clear();
  toasts = [];
  stopObserving = observeToasts((notice) => toasts.push(notice));
  play.mockClear();
  pause.mockClear();
});
afterEach(() => {
  stopObserving();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  document.getElementById(CATALOGUE_SNAPSHOT_ID)?.remove();
});

const renderPage = (url = '/individual-audios') =>
  renderShop(url, [{ path: '/individual-audios', element: <IndividualAudios /> }]);

describe('/individual-audios', () => {
  it('lists each category from the database with its audios, prices and Add to Cart', async () => {
    const fetchMock = stubCatalogueFetch();
    renderPage();
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Self-Hypnosis Foundation' }),
    ).toBeInTheDocument();
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings).toEqual(['Self-Hypnosis Foundation', 'Insomnia']);
    const insomnia = screen.getByRole('region', { name: 'Insomnia' });
    expect(
      within(insomnia)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Sleep Deeply Tonight', 'Quiet the Racing Mind at Night', 'Wake Refreshed']);
    expect(within(insomnia).getAllByText('£2.99')).toHaveLength(3);
    expect(within(insomnia).getAllByRole('button', { name: /^Add to Cart/ })).toHaveLength(3);
    expect(screen.getByRole('link', { name: 'Back to Packages' })).toHaveAttribute('href', '/audio-library');
    expect(screen.getAllByRole('link', { name: 'View Package Deals' })[0]).toHaveAttribute(
      'href',
      '/audio-library',
    );
    const bonus = screen.getByRole('complementary', { name: 'Package Bonus' });
    expect(bonus).toHaveTextContent('The Self-Hypnosis Inception Guide is free with any package.');
    expect(
      within(screen.getByRole('navigation', { name: 'Audio categories' })).getByRole('link', {
        name: 'Insomnia',
      }),
    ).toHaveAttribute('href', '#category-insomnia');
    const products = fetchMock.mock.calls.map(([url]) => new URL(String(url)));
    expect(products[0]?.pathname).toBe('/rest/v1/products');
    expect(products[0]?.searchParams.get('published')).toBe('eq.true');
  });

  it('renders the embedded catalogue at once, then refreshes it from the database', async () => {
    const snapshot = {
      products: mapProductRows(productRows.slice(0, 2)),
      packages: mapPackageRows(packageRows),
    };
    const script = document.createElement('script');
    script.type = 'application/json';
    script.id = CATALOGUE_SNAPSHOT_ID;
    script.textContent = jsonForScript(snapshot);
    document.body.append(script);
    const fetchMock = stubCatalogueFetch();
    renderPage();
    // No loading state: the two embedded audios are there on the first render.
    expect(
      screen.getByRole('heading', { level: 3, name: 'Deep Relaxation Foundations' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Insomnia' })).not.toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: 'Insomnia' })).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalled();
  });

  it('filters by text with a live count, and offers to clear a filter that matches nothing', async () => {
    stubCatalogueFetch();
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('heading', { name: 'Insomnia' });
    expect(screen.getByText('Showing 5 of 5 audios')).toBeInTheDocument();
    const filter = screen.getByRole('searchbox', { name: 'Filter audios' });
    await user.type(filter, 'WAKE');
    expect(screen.getByText('Showing 1 of 5 audios matching "WAKE"')).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'Wake Refreshed',
    ]);
    expect(screen.queryByRole('heading', { name: 'Self-Hypnosis Foundation' })).not.toBeInTheDocument();
    await user.clear(filter);
    await user.type(filter, 'zebra');
    expect(screen.getByText('No audios match "zebra".')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear filter' }));
    expect(filter).toHaveValue('');
    expect(filter).toHaveFocus();
    expect(screen.getAllByRole('heading', { level: 3 })).toHaveLength(5);
  });

  it("adds to the cart once, with the 'Added to Cart' toast and the item shown as in the cart", async () => {
    stubCatalogueFetch();
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('heading', { name: 'Insomnia' });
    await user.click(screen.getByRole('button', { name: /^Add to Cart ?: Wake Refreshed$/ }));
    const inCart = await screen.findByRole('link', { name: /^In Cart ?: Wake Refreshed$/ });
    expect(inCart).toHaveAttribute('href', '/cart');
    // The pressed button is gone: focus is on the link that replaced it, not dropped to the page.
    expect(inCart).toHaveFocus();
    expect(screen.queryByRole('button', { name: /^Add to Cart ?: Wake Refreshed$/ })).not.toBeInTheDocument();
    expect(toasts).toEqual([{ title: 'Added to Cart', description: '"Wake Refreshed" is in your cart.' }]);
    expect(parseStoredCart(window.localStorage.getItem(CART_STORAGE_KEY))).toEqual([
      { kind: 'product', slug: 'wake-refreshed' },
    ]);
  });

  it('shows what the signed-in customer owns as owned, with no Add to Cart', async () => {
    stubCatalogueFetch();
    signInCustomer(['id-sleep-deeply-tonight']);
    renderPage();
    const item = (await screen.findByRole('heading', { level: 3, name: 'Sleep Deeply Tonight' })).closest(
      'li',
    );
    await waitFor(() => expect(within(item as HTMLElement).getByTestId('owned')).toHaveTextContent('Owned'));
    expect(
      within(item as HTMLElement).queryByRole('button', { name: /Add to Cart/ }),
    ).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Add to Cart ?: Wake Refreshed$/ })).toBeInTheDocument();
  });

  it('plays one preview at a time through a signed URL, pausing on a second press, and announces it', async () => {
    stubCatalogueFetch();
    const { createSignedUrl } = addFunctionsAndStorage();
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('heading', { name: 'Insomnia' });
    expect(fake.loaded).toBe(false); // supabase-js is not loaded until a preview is played
    const sleep = screen.getByRole('button', { name: /^Preview ?: Sleep Deeply Tonight$/ });
    const wake = screen.getByRole('button', { name: /^Preview ?: Wake Refreshed$/ });
    expect(sleep).toHaveAttribute('aria-pressed', 'false');

    await user.click(sleep);
    await waitFor(() => expect(sleep).toHaveAttribute('aria-pressed', 'true'));
    // The signing code loads on this first press.
    await waitFor(() => expect(createSignedUrl).toHaveBeenCalledWith('previews/sleep-deeply-tonight.mp3', 600));
    const announcer = screen.getByTestId('preview-announcer');
    await waitFor(() => expect(announcer).toHaveTextContent('Playing preview of Sleep Deeply Tonight'));

    await user.click(wake);
    await waitFor(() => expect(announcer).toHaveTextContent('Playing preview of Wake Refreshed'));
    expect(sleep).toHaveAttribute('aria-pressed', 'false');
    expect(wake).toHaveAttribute('aria-pressed', 'true');
    expect(play).toHaveBeenCalledTimes(2);

    wake.focus();
    await user.keyboard('{Enter}');
    expect(wake).toHaveAttribute('aria-pressed', 'false');
    expect(announcer).toHaveTextContent('Preview of Wake Refreshed paused');
    expect(pause).toHaveBeenCalled();
  });

  it('says so when a preview cannot be played', async () => {
    stubCatalogueFetch();
    const { createSignedUrl } = addFunctionsAndStorage();
    createSignedUrl.mockResolvedValueOnce({
      data: null as never,
      error: { message: 'Object not found' } as never,
    });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: /^Preview ?: Wake Refreshed$/ }));
    await waitFor(() =>
      expect(screen.getByTestId('preview-announcer')).toHaveTextContent(
        'The preview of Wake Refreshed could not be played.',
      ),
    );
    expect(screen.getByRole('button', { name: /^Preview ?: Wake Refreshed$/ })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    expect(warn).toHaveBeenCalled();
  });

  it('offers a retry when the catalogue cannot be read', async () => {
    const fetchMock = stubCatalogueFetch({ status: 500 });
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByRole('alert', {}, { timeout: 4000 })).toHaveTextContent(
      'The audio catalogue could not be loaded.',
    );
    fetchMock.mockImplementation(
      async () =>
        new Response(JSON.stringify(productRows), {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
        }),
    );
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Insomnia' })).toBeInTheDocument();
  });
});
