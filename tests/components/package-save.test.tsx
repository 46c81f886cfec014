// A package saved as a package (docs/offline-listening.md): 'Save package for offline' in 'Your audio' saves
// each of its audios not yet on the device, one after another, saying how far it is; once all are saved,
// 'Remove package from this device' removes them all. A failure stops the rest.
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PaidAs } from '@/features/account/paid-as';
import { YourAudioSection, type OwnedAudio } from '@/features/account/your-audio-section';
import { QueryProvider } from '@/lib/query-provider';
import { addSavedAudio, readSavedAudio } from '@/lib/offline/saved-audio-index';
import type { AudioToSave } from '@/lib/offline/saved-audio-store';
import type * as OfflineActions from '@/lib/offline/offline-actions';

vi.mock('@/lib/supabase', () => import('./auth-fake-supabase').then((m) => m.supabaseModule));
const toast = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn(), message: vi.fn() }));
vi.mock('@/lib/toast', () => ({ toast }));

// Each save waits until the test lets it finish (or fail), then records the entry as the real one does.
const saves = vi.hoisted(() => [] as { audio: AudioToSave; finish: (ok: boolean) => void }[]);
vi.mock('@/lib/offline/offline-actions', async (importOriginal) => ({
  ...(await importOriginal<typeof OfflineActions>()),
  saveForOffline: (audio: AudioToSave, userId: string) =>
    new Promise<boolean>((resolve) => {
      saves.push({
        audio,
        finish: (ok) => {
          if (ok) addSavedAudio({ ...audio, bytes: 1000, savedAt: 0, userId });
          resolve(ok);
        },
      });
    }),
}));

const CUSTOMER = 'user-1';
const PACKAGE = 'Stop Smoking Package';
const audios: OwnedAudio[] = [
  {
    id: 'a1',
    title: 'Smoke Free One',
    category: 'Smoking',
    purchaseDate: '2026-11-20',
    price: 10,
    productId: 'p1',
    orderId: 'o1',
  },
  {
    id: 'a2',
    title: 'Smoke Free Two',
    category: 'Smoking',
    purchaseDate: '2026-11-20',
    price: 10,
    productId: 'p2',
    orderId: 'o1',
  },
  {
    id: 'a3',
    title: 'Sleep Deeply',
    category: 'Sleep',
    purchaseDate: '2026-11-01',
    price: 9.99,
    productId: 'p3',
    orderId: 'o2',
  },
];
const paidAs = new Map<string, PaidAs>([
  ['a1', { kind: 'package', packageTitle: PACKAGE }],
  ['a2', { kind: 'package', packageTitle: PACKAGE }],
  ['a3', { kind: 'single', discounted: false }],
]);

beforeEach(() => {
  saves.length = 0;
  toast.success.mockClear();
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
  render(
    <MemoryRouter>
      <QueryProvider>
        <YourAudioSection audios={audios} offlineUserId={CUSTOMER} paidAs={paidAs} />
      </QueryProvider>
    </MemoryRouter>,
  );
}

describe('saving a package for offline', () => {
  it('saves each audio of the package in turn with its progress, then removes them all', async () => {
    const user = userEvent.setup();
    renderSection();
    // The package's group in 'Your audio': its heading, how many audios, the button saving them all, its audios.
    const packages = await screen.findByRole('group', { name: `Package: ${PACKAGE}` });
    expect(packages).toHaveTextContent(`Package: ${PACKAGE}2 audios`);
    const list = within(packages).getByRole('list', { name: `Package: ${PACKAGE}` });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);

    const button = within(packages).getByRole('button', { name: `Save package for offline: ${PACKAGE}` });
    await user.click(button);
    expect(saves.map((save) => save.audio.productId)).toEqual(['p1']);
    expect(within(packages).getByRole('status')).toHaveTextContent('Saving… 0 of 2 saved');
    await act(async () => saves[0]!.finish(true));
    expect(within(packages).getByRole('status')).toHaveTextContent('Saving… 1 of 2 saved');
    expect(saves.map((save) => save.audio.productId)).toEqual(['p1', 'p2']);
    await act(async () => saves[1]!.finish(true));
    expect(toast.success).toHaveBeenCalledWith(`${PACKAGE} is saved on this device.`);
    expect(readSavedAudio().map((audio) => audio.productId)).toEqual(['p1', 'p2']);
    // The same button now removes (keyboard focus stays where it was), once the save has finished.
    expect(
      await within(packages).findByRole('button', { name: `Remove package from this device: ${PACKAGE}` }),
    ).toBe(button);

    await user.click(
      within(packages).getByRole('button', { name: `Remove package from this device: ${PACKAGE}` }),
    );
    await vi.waitFor(() => expect(readSavedAudio()).toEqual([]));
    expect(
      within(packages).getByRole('button', { name: `Save package for offline: ${PACKAGE}` }),
    ).toBeVisible();
  });

  it('skips what is already saved, and stops at a failure', async () => {
    const user = userEvent.setup();
    addSavedAudio({
      productId: 'p1',
      trackId: 'a1',
      title: 'x',
      category: 'x',
      bytes: 1,
      savedAt: 0,
      userId: CUSTOMER,
    });
    renderSection();
    const packages = await screen.findByRole('group', { name: `Package: ${PACKAGE}` });
    await user.click(within(packages).getByRole('button', { name: `Save package for offline: ${PACKAGE}` }));
    expect(saves.map((save) => save.audio.productId)).toEqual(['p2']);
    await act(async () => saves[0]!.finish(false));
    await vi.waitFor(() =>
      expect(
        within(packages).getByRole('button', { name: `Save package for offline: ${PACKAGE}` }),
      ).not.toHaveAttribute('aria-busy'),
    );
    expect(saves).toHaveLength(1);
    expect(toast.success).not.toHaveBeenCalled();
  });
});
