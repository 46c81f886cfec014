// On a phone each row of 'Your audio' shows Play and a "More actions for <title>" menu (Add to playlist, Download,
// Save for offline / Remove from this device); wider, the buttons as before (docs/player.md "My Account as a
// library"). Only one of the two is rendered, so assistive tech meets one set of actions.
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { YourAudioSection, type OwnedAudio } from '@/features/account/your-audio-section';
import type * as AudioDownload from '@/features/account/api/audio-download';
import type * as OfflineActions from '@/lib/offline/offline-actions';
import { addSavedAudio } from '@/lib/offline/saved-audio-index';
import { QueryProvider } from '@/lib/query-provider';
import { MemoryRouter } from 'react-router-dom';
import { audioRows } from './your-audio-queries';

vi.mock('@/lib/supabase', () => import('./auth-fake-supabase').then((m) => m.supabaseModule));
const download = vi.hoisted(() => vi.fn());
vi.mock('@/features/account/api/audio-download', async (importOriginal) => ({
  ...(await importOriginal<typeof AudioDownload>()),
  useDownloadOwnedAudio: () => ({ mutate: download, isPending: false }),
}));
const offline = vi.hoisted(() => ({ save: vi.fn(), remove: vi.fn() }));
vi.mock('@/lib/offline/offline-actions', async (importOriginal) => ({
  ...(await importOriginal<typeof OfflineActions>()),
  saveForOffline: offline.save,
  removeFromDevice: offline.remove,
}));

const CUSTOMER = 'user-1';
const audios: OwnedAudio[] = [
  { id: 'a1', title: 'Sleep Deeply', category: 'Sleep', purchaseDate: '2026-11-20', price: 2.99, productId: 'p1', orderId: 'o1' },
  { id: 'a2', title: 'Calm Mind', category: 'Anxiety', purchaseDate: '2026-11-02', price: 2.99, productId: 'p2', orderId: 'o2' },
];

/** A browser whose viewport is `width` px wide, answering the row's media query as CSS would. */
function viewport(width: number) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query === '(width < 40rem)' && width < 640,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

beforeEach(() => {
  download.mockClear();
  offline.save.mockClear();
  offline.remove.mockClear();
  // A browser that can keep audio (as tests/components/package-save.test.tsx).
  vi.stubGlobal('caches', { open: async () => ({ delete: async () => true }) });
  vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue('Mozilla/5.0 (X11; Linux x86_64) Chrome/142.0.0.0');
  Object.defineProperty(navigator, 'serviceWorker', { value: {}, configurable: true });
  Object.defineProperty(navigator, 'storage', {
    value: { estimate: async () => ({ usage: 0, quota: 50e9 }), persisted: async () => false },
    configurable: true,
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

function renderSection() {
  const player = { onPlay: vi.fn(), onAddToPlaylist: vi.fn(), onPlayAll: vi.fn() };
  render(
    <MemoryRouter>
      <QueryProvider>
        <YourAudioSection audios={audios} player={player} offlineUserId={CUSTOMER} />
      </QueryProvider>
    </MemoryRouter>,
  );
  return player;
}

describe("'Your audio' on a phone", () => {
  it('shows Play and one menu per row, opened and used by keyboard', async () => {
    viewport(375);
    const user = userEvent.setup();
    const player = renderSection();
    const row = audioRows()[0]!;
    expect(within(row).getAllByRole('button').map((button) => button.getAttribute('aria-label'))).toEqual([
      'Play Sleep Deeply',
      'More actions for Sleep Deeply',
    ]);
    expect(screen.queryByRole('button', { name: 'Download Sleep Deeply' })).not.toBeInTheDocument();

    const trigger = within(row).getByRole('button', { name: 'More actions for Sleep Deeply' });
    expect(trigger).toHaveAttribute('aria-haspopup', 'menu');
    trigger.focus();
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu', { name: 'More actions for Sleep Deeply' });
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'Add to playlist',
      'Download',
      'Save for offline',
    ]);
    // The first item has focus; ArrowDown moves to Download, Enter chooses it and focus goes back to the button.
    expect(within(menu).getByRole('menuitem', { name: 'Add to playlist' })).toHaveFocus();
    await user.keyboard('{ArrowDown}{Enter}');
    expect(download).toHaveBeenCalledWith(audios[0], expect.anything());
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();

    // Escape closes without choosing.
    await user.keyboard('{Enter}');
    await screen.findByRole('menu');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(player.onAddToPlaylist).not.toHaveBeenCalled();

    await user.keyboard('{Enter}{Enter}');
    expect(player.onAddToPlaylist).toHaveBeenCalledWith(audios[0]);
  });

  it('saves for offline from the menu by pointer, and once saved offers Remove from this device', async () => {
    viewport(375);
    const user = userEvent.setup();
    renderSection();
    await user.click(screen.getByRole('button', { name: 'More actions for Calm Mind' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Save for offline' }));
    expect(offline.save).toHaveBeenCalledWith(
      { productId: 'p2', trackId: 'a2', title: 'Calm Mind', category: 'Anxiety' },
      CUSTOMER,
    );

    addSavedAudio({ productId: 'p2', trackId: 'a2', title: 'Calm Mind', category: 'Anxiety', bytes: 1, savedAt: 0, userId: CUSTOMER });
    await user.click(screen.getByRole('button', { name: 'More actions for Calm Mind' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Remove from this device' }));
    expect(offline.remove).toHaveBeenCalledWith('p2');
  });
});

describe("'Your audio' on a desktop", () => {
  it('keeps every action as a button, with no menu', () => {
    viewport(1280);
    renderSection();
    const row = audioRows()[0]!;
    expect(within(row).getAllByRole('button').map((button) => button.getAttribute('aria-label'))).toEqual([
      'Play Sleep Deeply',
      'Add to playlist: Sleep Deeply',
      'Download Sleep Deeply',
      'Save for offline: Sleep Deeply',
    ]);
    expect(screen.queryByRole('button', { name: /^More actions/ })).not.toBeInTheDocument();
  });
});
