import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { vi } from 'vitest';
import { AuthProvider } from '@/features/auth/auth-provider';
import { CartProvider } from '@/features/cart/cart-provider';
import { LocationProbe } from './auth-render';
import { fake, sessionFor } from './auth-fake-supabase';

// A small published catalogue as the REST API answers it, a fetch stand-in for it, and a renderer with the
// app's real auth and cart providers. Tests mock '@/lib/supabase' with ./auth-fake-supabase.

export function productRow(slug: string, title: string, category: string, sortOrder: number) {
  return {
    id: `id-${slug}`,
    slug,
    title,
    category,
    description: `About ${title}.`,
    price_pence: 299,
    duration_seconds: 1500,
    preview_path: `previews/${slug}.mp3`,
    sort_order: sortOrder,
  };
}

export const productRows = [
  productRow(
    'self-hypnosis-inception-guide',
    'The Self-Hypnosis Inception Guide',
    'Self-Hypnosis Foundation',
    101,
  ),
  productRow('deep-relaxation-foundations', 'Deep Relaxation Foundations', 'Self-Hypnosis Foundation', 102),
  productRow('sleep-deeply-tonight', 'Sleep Deeply Tonight', 'Insomnia', 2201),
  productRow('quiet-the-racing-mind', 'Quiet the Racing Mind at Night', 'Insomnia', 2202),
  productRow('wake-refreshed', 'Wake Refreshed', 'Insomnia', 2203),
];

export const packageRows = [
  {
    id: 'id-insomnia-package',
    slug: 'insomnia-package',
    title: 'Better Sleep Package',
    description: 'Three related Insomnia audios plus The Self-Hypnosis Inception Guide, free.',
    category: 'Insomnia',
    price_pence: 699,
    sort_order: 22,
    package_items: [
      { product_id: 'id-sleep-deeply-tonight', position: 1 },
      { product_id: 'id-quiet-the-racing-mind', position: 2 },
      { product_id: 'id-wake-refreshed', position: 3 },
      { product_id: 'id-self-hypnosis-inception-guide', position: 4 },
    ],
  },
];

/** Answers the catalogue's REST reads; returns the mock to count requests. */
export function stubCatalogueFetch(answer: { products?: unknown; packages?: unknown; status?: number } = {}) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input));
    const table = url.pathname.split('/').pop();
    const body = table === 'products' ? (answer.products ?? productRows) : (answer.packages ?? packageRows);
    return new Response(JSON.stringify(body), {
      status: answer.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** A signed-in customer (read from storage at start) who owns these products. */
export function signInCustomer(ownedProductIds: string[] = []) {
  fake.storedEmail = 'customer@example.com';
  fake.client.session = sessionFor('customer@example.com');
  fake.client.tables.purchases = () => ({
    data: ownedProductIds.map((productId, index) => ({
      id: `purchase-${index}`,
      title: productId,
      category: 'Insomnia',
      price: 2.99,
      created_at: '2026-11-01T10:00:00Z',
      download_url: null,
      product_id: productId,
    })),
    error: null,
  });
}

/** Edge functions and Storage on the fake client. */
export function addFunctionsAndStorage() {
  const invoke = vi.fn(
    async (_name: string, _options: { body: unknown }): Promise<{ data: unknown; error: unknown }> => ({
      data: null,
      error: null,
    }),
  );
  const createSignedUrl = vi.fn(async (path: string, _expires: number) => ({
    data: { signedUrl: `http://stack.test/storage/v1/object/sign/audio/${path}?token=t` },
    error: null,
  }));
  Object.assign(fake.client, {
    functions: { invoke },
    storage: { from: vi.fn(() => ({ createSignedUrl })) },
  });
  return { invoke, createSignedUrl };
}

export function renderShop(url: string, routes: { path: string; element: ReactNode }[]) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <AuthProvider>
        <CartProvider>
          <Routes>
            {routes.map((route) => (
              <Route key={route.path} path={route.path} element={route.element} />
            ))}
            <Route path="*" element={<p>Elsewhere</p>} />
          </Routes>
          <LocationProbe />
        </CartProvider>
      </AuthProvider>
    </MemoryRouter>,
  );
}
