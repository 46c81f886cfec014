import type { ComponentProps } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OnThisDeviceSection } from '@/features/account/on-this-device-section';
import { QueryProvider } from '@/lib/query-provider';
import { SAVED_AUDIO_KEY } from '@/lib/account-device-names';
import { fake, sessionFor } from './auth-fake-supabase';

vi.mock('@/lib/supabase', () => import('./auth-fake-supabase').then((m) => m.supabaseModule));
vi.mock('@/lib/toast', () => ({ toast: { error: vi.fn(), success: vi.fn(), message: vi.fn() } }));

const CUSTOMER = 'user-1';
const saved = [
  {
    productId: 'prod-1',
    trackId: 'p1',
    title: 'Sleep Deeply Tonight',
    category: 'Sleep',
    bytes: 2_400_000,
    savedAt: Date.UTC(2026, 10, 20),
    userId: CUSTOMER,
  },
  {
    productId: 'prod-9',
    trackId: 'p9',
    title: 'Not Mine',
    category: 'Sleep',
    bytes: 1_000,
    savedAt: 0,
    userId: 'user-2',
  },
];

function stubBrowser({
  userAgent = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/142.0.0.0',
  quota = 50e9,
  persist = true,
} = {}) {
  const keys: string[] = ['/offline-audio/prod-1', '/offline-audio/prod-9'];
  vi.stubGlobal('caches', {
    open: async () => ({
      match: async (url: string) => (keys.includes(url) ? new Response('x') : undefined),
      delete: async (url: string) => Boolean(keys.splice(keys.indexOf(url), 1).length),
      keys: async () => keys.map((k) => new Request(`http://localhost${k}`)),
    }),
  });
  vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(userAgent);
  Object.defineProperty(navigator, 'serviceWorker', { value: {}, configurable: true });
  const storage = {
    estimate: vi.fn(async () => ({ usage: 12_000_000, quota })),
    persisted: vi.fn(async () => false),
    persist: vi.fn(async () => persist),
  };
  Object.defineProperty(navigator, 'storage', { value: storage, configurable: true });
  return storage;
}

beforeEach(() => {
  fake.reset();
  // Signed in: the check asks the server only in the name of a live session (getSignedInSupabase).
  fake.client.session = sessionFor('customer@example.com', CUSTOMER);
  localStorage.setItem(SAVED_AUDIO_KEY, JSON.stringify(saved));
  // The server says the customer still owns prod-1.
  fake.client.tables.purchases = () => ({ data: [{ product_id: 'prod-1' }], error: null });
  fake.client.tables.private_audio = () => ({ data: [], error: null });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

/** The section as My Account renders it: inside the app's query provider (its writes are mutations). */
function renderSection(onPlay?: ComponentProps<typeof OnThisDeviceSection>['onPlay']) {
  render(
    <QueryProvider>
      <OnThisDeviceSection userId={CUSTOMER} owned={[]} onPlay={onPlay} />
    </QueryProvider>,
  );
}

describe('On this device', () => {
  it("lists the customer's saved audio with Play and Remove, the storage figures, and asks to keep the files", async () => {
    const user = userEvent.setup();
    const storage = stubBrowser();
    const onPlay = vi.fn();
    renderSection(onPlay);

    const list = await screen.findByRole('list', { name: 'Audio saved on this device' });
    expect(list).toHaveTextContent('Sleep Deeply Tonight');
    expect(list).toHaveTextContent('2.4 MB');
    expect(list).not.toHaveTextContent('Not Mine');
    expect(
      await screen.findByText(/Using 12\.0 MB of about 50\.0 GB available to this site\./),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Play Sleep Deeply Tonight from this device' }));
    expect(onPlay).toHaveBeenCalledWith(
      { id: 'p1', title: 'Sleep Deeply Tonight', category: 'Sleep', productId: 'prod-1' },
      [{ id: 'p1', title: 'Sleep Deeply Tonight', category: 'Sleep', productId: 'prod-1' }],
    );

    expect(
      screen.getByText(/Browsers may clear saved files when the device runs low on space/),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Keep saved audio on this device' }));
    expect(storage.persist).toHaveBeenCalledOnce();
    expect(
      await screen.findByText('This browser will keep your saved audio until you remove it.'),
    ).toBeInTheDocument();
  });

  it('explains a refusal to keep the files', async () => {
    const user = userEvent.setup();
    stubBrowser({ persist: false });
    renderSection();
    await user.click(await screen.findByRole('button', { name: 'Keep saved audio on this device' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'did not agree to keep the files for certain',
    );
  });

  it('on an iPhone offers the download instead and says why', async () => {
    stubBrowser({
      userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 Safari/604.1',
    });
    renderSection();
    expect(
      await screen.findByText(/On iPhone and iPad, browsers keep only a little audio/),
    ).toBeInTheDocument();
    expect(screen.getByText(/Use Download instead/)).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Audio saved on this device' })).not.toBeInTheDocument();
  });

  it('with a small quota offers the download instead', async () => {
    stubBrowser({ quota: 50_000_000 });
    renderSection();
    expect(await screen.findByText(/allows this site too little storage for long audio/)).toBeInTheDocument();
  });

  it("removes another account's copies once the server has answered", async () => {
    stubBrowser();
    renderSection();
    await vi.waitFor(() => expect(localStorage.getItem(SAVED_AUDIO_KEY)).not.toContain('prod-9'));
    expect(localStorage.getItem(SAVED_AUDIO_KEY)).toContain('prod-1');
  });

  it('keeps a copy of audio the practitioner uploaded for the customer, until it is no longer theirs', async () => {
    stubBrowser();
    // prod-1 is not bought here: it is a private audio of this customer (docs/programmes.md).
    fake.client.tables.purchases = () => ({ data: [], error: null });
    fake.client.tables.private_audio = () => ({ data: [{ id: 'prod-1' }], error: null });
    const { unmount } = render(
      <QueryProvider>
        <OnThisDeviceSection userId={CUSTOMER} owned={[]} />
      </QueryProvider>,
    );
    await vi.waitFor(() => expect(localStorage.getItem(SAVED_AUDIO_KEY)).not.toContain('prod-9'));
    expect(localStorage.getItem(SAVED_AUDIO_KEY)).toContain('prod-1');
    unmount();

    fake.client.tables.private_audio = () => ({ data: [], error: null });
    render(
      <QueryProvider>
        <OnThisDeviceSection userId={CUSTOMER} owned={[]} />
      </QueryProvider>,
    );
    await vi.waitFor(() => expect(localStorage.getItem(SAVED_AUDIO_KEY) ?? '').not.toContain('prod-1'));
  });
});
