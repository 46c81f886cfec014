// My Account as a library (docs/player.md "My Account as a library"): each row's length, where this device left
// it and a "playing" mark; a gift from the practitioner said so (not 'Purchased … £0'); the sections' links.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { AccountSectionsNav } from '@/features/account/account-sections-nav';
import { YourAudioSection, type OwnedAudio } from '@/features/account/your-audio-section';
import { MemoryRouter } from 'react-router-dom';
import { audioRows } from './your-audio-queries';

vi.mock('@/lib/supabase', () => import('./auth-fake-supabase').then((m) => m.supabaseModule));

const audios: OwnedAudio[] = [
  {
    id: 'p3',
    title: 'Sleep Deeply Tonight',
    category: 'Sleep',
    purchaseDate: '2026-11-20',
    price: 2.99,
    productId: 'prod-3',
    orderId: 'order-1',
    duration: 1800,
  },
  {
    id: 'p2',
    title: 'Calm Mind',
    category: 'Anxiety',
    purchaseDate: '2026-11-02',
    price: 0,
    productId: 'prod-2',
    orderId: null,
    duration: 95,
  },
];

function withProviders(children: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return (
    <MemoryRouter>
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </MemoryRouter>
  );
}

describe('Your audio as a library', () => {
  it('shows each length, where this device left it, and marks the one playing', () => {
    const positions: Record<string, number> = { 'prod-3': 754 };
    render(
      withProviders(
        <YourAudioSection
          audios={audios}
          player={{ onPlay: vi.fn(), onAddToPlaylist: vi.fn(), onPlayAll: vi.fn() }}
          listening={{ playingProductId: 'prod-3', positionOf: (id) => positions[id] ?? 0 }}
        />,
      ),
    );
    const [gift, bought] = audioRows();
    // The gift first, in its own group (audioGroups checks the grouping).
    const [first, second] = [bought, gift];
    expect(first).toHaveTextContent('30:00');
    expect(first).toHaveTextContent('Left at 12:34');
    expect(within(first!).getByRole('heading', { level: 4 })).toHaveTextContent(
      'Sleep Deeply TonightPlaying',
    );
    expect(second).toHaveTextContent('1:35');
    expect(second).not.toHaveTextContent('Left at');
    expect(second).not.toHaveTextContent('Playing');
  });

  it("says a gift came from the practitioner, with no 'Purchased' and no £0", () => {
    render(withProviders(<YourAudioSection audios={audios} />));
    const gift = audioRows()[0]!;
    expect(gift).toHaveTextContent('From your practitioner, 2 November 2026');
    expect(gift).not.toHaveTextContent('£0');
    expect(gift).not.toHaveTextContent(/^Purchased/);
  });
});

describe("My Account's sections", () => {
  it('are linked at the top, continue listening and the practice log only when shown', () => {
    const { rerender } = render(<AccountSectionsNav withContinue withPracticeLog />);
    const nav = screen.getByRole('navigation', { name: 'Sections of My Account' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Continue listening', '#continue-listening'],
      ['Your audio', '#your-audio'],
      ['On this device', '#on-this-device'],
      ['Practice log', '#practice'],
      ['Appointments', '#appointments'],
      ['Orders', '#orders'],
      ['Profile and data', '#your-name'],
    ]);
    rerender(<AccountSectionsNav withContinue={false} withPracticeLog={false} />);
    expect(screen.queryByRole('link', { name: 'Continue listening' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Practice log' })).toBeNull();
  });
});
