// 'Your audio' with the network off (docs/offline-listening.md "Offline, Your audio"): the list last seen online
// instead of the empty state, marked as offline; saved audio plays, the rest needs a connection. The list is
// kept only while the account keeps audio on the device, and pruned to what the server says is owned.
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { QueryProvider } from '@/lib/query-provider';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { YourAudioSection, type OwnedAudio } from '@/features/account/your-audio-section';
import { keepKnownOwned, knownOwnedAudio } from '@/lib/offline/known-owned-audio';
import { KNOWN_OWNED_AUDIO_KEY, SAVED_AUDIO_KEY } from '@/lib/account-device-names';
import { removeSavedAudio } from '@/lib/offline/saved-audio-store';

vi.mock('@/lib/supabase', () => import('./auth-fake-supabase').then((m) => m.supabaseModule));
vi.mock('@/lib/toast', () => ({ toast: { error: vi.fn(), success: vi.fn(), message: vi.fn() } }));

const CUSTOMER = 'user-1';
const audios: OwnedAudio[] = [
  {
    id: 'a1',
    title: 'Sleep Deeply Tonight',
    category: 'Sleep',
    purchaseDate: '2026-11-20',
    price: 9.99,
    productId: 'prod-1',
  },
  {
    id: 'a2',
    title: 'Calm Mind',
    category: 'Anxiety',
    purchaseDate: '2026-11-02',
    price: 12,
    productId: 'prod-2',
  },
  { id: 'a3', title: 'Old Gift', category: '', purchaseDate: '2025-01-05', price: 0, productId: null },
];

function saveOnDevice(productIds: string[]) {
  localStorage.setItem(
    SAVED_AUDIO_KEY,
    JSON.stringify(
      productIds.map((productId) => ({
        productId,
        trackId: audios.find((audio) => audio.productId === productId)!.id,
        title: 'x',
        category: 'Sleep',
        bytes: 1000,
        savedAt: 0,
        userId: CUSTOMER,
      })),
    ),
  );
}

let online = true;
function goOffline() {
  online = false;
  act(() => void window.dispatchEvent(new Event('offline')));
}

const player = () => ({ onPlay: vi.fn(), onAddToPlaylist: vi.fn(), onPlayAll: vi.fn() });

beforeEach(() => {
  online = true;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
});
afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

describe("'Your audio' offline", () => {
  it('shows what the customer owns as last seen online: saved audio plays, the rest needs a connection', async () => {
    const user = userEvent.setup();
    saveOnDevice(['prod-1']);
    const actions = player();
    const { rerender } = render(
      <MemoryRouter>
        <QueryProvider>
          <YourAudioSection audios={audios} player={actions} offlineUserId={CUSTOMER} />
        </QueryProvider>
      </MemoryRouter>,
    );
    expect(knownOwnedAudio(CUSTOMER).map((audio) => audio.productId)).toEqual(['prod-1', 'prod-2']);

    // A cold start offline: the purchases cannot load, so the list arrives empty.
    goOffline();
    rerender(
      <MemoryRouter>
        <QueryProvider>
          <YourAudioSection audios={[]} player={actions} offlineUserId={CUSTOMER} />
        </QueryProvider>
      </MemoryRouter>,
    );
    expect(
      screen.getByText(/You are offline\. This is your audio as this device last saw it/),
    ).toBeInTheDocument();
    expect(screen.queryByText('No audio yet')).not.toBeInTheDocument();
    const items = within(screen.getByRole('list', { name: 'Your audio' })).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Sleep Deeply Tonight');
    expect(items[0]).toHaveTextContent('20 November 2026');
    expect(items[1]).toHaveTextContent('Calm Mind');
    expect(items[1]).toHaveTextContent('Needs a connection');
    expect(within(items[1]!).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Download/ })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Play Sleep Deeply Tonight' }));
    const first = expect.objectContaining({ id: 'a1', productId: 'prod-1', title: 'Sleep Deeply Tonight' });
    expect(actions.onPlay).toHaveBeenCalledWith(first, [first]);
  });

  it('offline with no list known yet says so, not the empty state', () => {
    saveOnDevice(['prod-1']);
    online = false;
    render(
      <MemoryRouter>
        <QueryProvider>
          <YourAudioSection audios={[]} player={player()} offlineUserId={CUSTOMER} />
        </QueryProvider>
      </MemoryRouter>,
    );
    expect(screen.getByText(/this device has no list of your audio yet/)).toBeInTheDocument();
    expect(screen.queryByText('No audio yet')).not.toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  it('is not kept for an account with nothing saved here, and keeps only what the server says is owned', () => {
    render(
      <MemoryRouter>
        <QueryProvider>
          <YourAudioSection audios={audios} player={player()} offlineUserId={CUSTOMER} />
        </QueryProvider>
      </MemoryRouter>,
    );
    expect(localStorage.getItem(KNOWN_OWNED_AUDIO_KEY)).toBeNull();

    saveOnDevice(['prod-1']);
    localStorage.setItem(
      KNOWN_OWNED_AUDIO_KEY,
      JSON.stringify({
        [CUSTOMER]: audios.slice(0, 2).map(({ id, title, category, purchaseDate, productId }) => ({
          id,
          title,
          category,
          purchaseDate,
          productId,
        })),
        'user-2': [],
      }),
    );
    keepKnownOwned(CUSTOMER, new Set(['prod-1'])); // prod-2 refunded
    expect(knownOwnedAudio(CUSTOMER).map((audio) => audio.productId)).toEqual(['prod-1']);
    expect(JSON.parse(localStorage.getItem(KNOWN_OWNED_AUDIO_KEY)!)).not.toHaveProperty('user-2');
    keepKnownOwned(CUSTOMER, new Set());
    expect(localStorage.getItem(KNOWN_OWNED_AUDIO_KEY)).toBeNull();
  });

  it('goes with the last copy the account keeps on this device', async () => {
    saveOnDevice(['prod-1', 'prod-2']);
    render(
      <MemoryRouter>
        <QueryProvider>
          <YourAudioSection audios={audios} player={player()} offlineUserId={CUSTOMER} />
        </QueryProvider>
      </MemoryRouter>,
    );
    expect(knownOwnedAudio(CUSTOMER)).toHaveLength(2);
    await act(() => removeSavedAudio(['prod-1']));
    expect(knownOwnedAudio(CUSTOMER)).toHaveLength(2);
    await act(() => removeSavedAudio(['prod-2']));
    expect(localStorage.getItem(KNOWN_OWNED_AUDIO_KEY)).toBeNull();
  });
});
