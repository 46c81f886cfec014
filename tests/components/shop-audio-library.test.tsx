import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CART_STORAGE_KEY, parseStoredCart } from '@/features/cart/cart-storage';
import { mapPackageRows, mapProductRows } from '@/features/catalogue/catalogue-rows';
import {
  CATALOGUE_SNAPSHOT_ID,
  resetCatalogueSnapshotForTests,
} from '@/features/catalogue/catalogue-snapshot';
import { jsonForScript } from '@/lib/json-in-script';
import { Component as AudioLibrary } from '@/routes/shop/audio-library';
import { fake } from './auth-fake-supabase';
import { packageRows, productRows, renderShop, signInCustomer, stubCatalogueFetch } from './shop-fixtures';

vi.mock('@/lib/supabase', () => import('./auth-fake-supabase').then((m) => m.supabaseModule));

beforeEach(() => {
  fake.reset();
  resetCatalogueSnapshotForTests();
  window.localStorage.clear();
  stubCatalogueFetch();
});
afterEach(() => {
  document.getElementById(CATALOGUE_SNAPSHOT_ID)?.remove();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const renderPage = () =>
  renderShop('/audio-library', [{ path: '/audio-library', element: <AudioLibrary /> }]);

describe('/audio-library', () => {
  it('shows each package with its contents, the free guide, its price and the saving', async () => {
    renderPage();
    const card = (await screen.findByRole('heading', { level: 2, name: 'Better Sleep Package' })).closest(
      'article',
    );
    const pkg = within(card as HTMLElement);
    expect(pkg.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Sleep Deeply Tonight',
      'Quiet the Racing Mind at Night',
      'Wake Refreshed',
      'The Self-Hypnosis Inception Guide (Free)',
    ]);
    expect(pkg.getByText('£6.99')).toBeInTheDocument();
    expect(pkg.getByText('£8.97 if bought separately: you save £1.98')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Browse Individual Audios' })[0]).toHaveAttribute(
      'href',
      '/individual-audios',
    );
  });

  it('adds a package to the cart by slug', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: /^Add to Cart ?: Better Sleep Package$/ }));
    expect(
      await screen.findByRole('link', { name: /^In Cart ?: Better Sleep Package$/ }),
    ).toBeInTheDocument();
    expect(parseStoredCart(window.localStorage.getItem(CART_STORAGE_KEY))).toEqual([
      { kind: 'package', slug: 'insomnia-package' },
    ]);
  });

  it('shows a package as owned once the customer owns all of its audios', async () => {
    signInCustomer([
      'id-sleep-deeply-tonight',
      'id-quiet-the-racing-mind',
      'id-wake-refreshed',
      'id-self-hypnosis-inception-guide',
    ]);
    renderPage();
    await waitFor(() => expect(screen.getByTestId('owned')).toHaveTextContent('Owned'));
    expect(screen.queryByRole('button', { name: /Add to Cart/ })).not.toBeInTheDocument();
  });

  it('keeps each package and its contents in place while the embedded catalogue is refreshed with other ids', async () => {
    // The page's embedded catalogue has other ids than the database (a re-seeded stack): the packages'
    // answer arrives first, the products' later. The contents must not empty in between (a layout shift).
    const renamed = (id: string) => id.replace(/^id-/, 'seed-');
    const snapshot = {
      products: mapProductRows(productRows.map((row) => ({ ...row, id: renamed(row.id) }))),
      packages: mapPackageRows(
        packageRows.map((row) => ({
          ...row,
          id: renamed(row.id),
          package_items: row.package_items.map((item) => ({ ...item, product_id: renamed(item.product_id) })),
        })),
      ),
    };
    const script = document.createElement('script');
    script.type = 'application/json';
    script.id = CATALOGUE_SNAPSHOT_ID;
    script.textContent = jsonForScript(snapshot);
    document.body.append(script);
    let answerProducts: () => void = () => {};
    const productsHeld = new Promise<void>((resolve) => (answerProducts = resolve));
    const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
      const table = new URL(String(input)).pathname.split('/').pop();
      if (table === 'products') await productsHeld;
      return Response.json(table === 'products' ? productRows : packageRows);
    });
    vi.stubGlobal('fetch', fetchMock);
    renderPage();
    const contents = async () => {
      const card = (await screen.findByRole('heading', { level: 2, name: 'Better Sleep Package' })).closest(
        'article',
      );
      return within(card as HTMLElement).getAllByRole('listitem').length;
    };
    expect(await contents()).toBe(4);
    const heading = screen.getByRole('heading', { level: 2, name: 'Better Sleep Package' });
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    // Let the packages' answer land.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await contents()).toBe(4);
    answerProducts();
    await waitFor(() =>
      expect(
        screen.getByRole('button', { name: /^Add to Cart ?: Better Sleep Package$/ }),
      ).toBeInTheDocument(),
    );
    expect(await contents()).toBe(4);
    // The same element, updated in place rather than replaced (a replaced card is painted again: a late LCP).
    expect(screen.getByRole('heading', { level: 2, name: 'Better Sleep Package' })).toBe(heading);
  });
});
