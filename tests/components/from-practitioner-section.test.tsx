import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { FromPractitionerSection } from '@/features/programmes/from-practitioner-section';
import type { OwnedItem } from '@/features/programmes/practitioner-audio';
import { fake } from './auth-fake-supabase';

vi.mock('@/lib/supabase', () => import('./auth-fake-supabase').then((m) => m.supabaseModule));

const NOW = new Date('2026-11-25T12:00:00Z');
const step = (n: number, productId: string, title: string) => ({
  id: `s${n}`,
  position: n,
  day_number: n,
  note: `Night ${n}`,
  product_id: productId,
  products: { title },
});
const assignments = [
  {
    id: 'a1',
    user_id: 'u1',
    email: 'me@example.com',
    note: 'Start tonight.',
    access: 'granted',
    assigned_at: '2026-11-25T09:00:00Z',
    product_id: null,
    products: null,
    programmes: {
      id: 'p1',
      title: 'Sleep well',
      introduction: 'Three evenings.',
      sequential_unlock: true,
      programme_steps: [step(3, 'x3', 'Third'), step(1, 'x1', 'First'), step(2, 'x2', 'Second')],
    },
  },
  {
    id: 'a2',
    user_id: 'u1',
    email: 'me@example.com',
    note: '',
    access: 'offered',
    assigned_at: '2026-11-24T09:00:00Z',
    product_id: 'x9',
    products: { title: 'Extra' },
    programmes: null,
  },
];
const owned: OwnedItem[] = [
  { id: 'o1', title: 'First', category: 'Sleep', productId: 'x1' },
  { id: 'o2', title: 'Second', category: 'Sleep', productId: 'x2' },
  { id: 'o3', title: 'Third', category: 'Sleep', productId: 'x3' },
];

function renderSection(player = { onPlay: vi.fn(), onPlayAll: vi.fn() }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrap = (children: ReactNode) => (
    <MemoryRouter>
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </MemoryRouter>
  );
  render(wrap(<FromPractitionerSection userId="u1" owned={owned} player={player} now={NOW} />));
  return player;
}

beforeEach(() => {
  fake.reset();
  fake.client.tables.client_assignments = () => ({ data: assignments, error: null });
  fake.client.tables.programme_progress = () => ({
    data: [
      {
        product_id: 'x1',
        furthest_seconds: 95,
        listened_at: '2026-11-25T10:00:00Z',
        last_listened_at: '2026-11-25T10:00:00Z',
      },
    ],
    error: null,
  });
});

describe('From your practitioner', () => {
  it('shows the programme in order: step 1 listened, step 2 today (opened by it), step 3 locked until its day', async () => {
    renderSection();
    const programme = await screen.findByRole('article', { name: 'Sleep well' });
    expect(within(programme).getByText('Three evenings.')).toBeInTheDocument();
    expect(within(programme).getByText('Start tonight.')).toBeInTheDocument();
    expect(within(programme).getByText(/1 of 3 steps listened/)).toBeInTheDocument();
    const items = within(within(programme).getByRole('list', { name: 'Steps of Sleep well' })).getAllByRole(
      'listitem',
    );
    expect(items.map((item) => within(item).getByText(/^(First|Second|Third)$/).textContent)).toEqual([
      'First',
      'Second',
      'Third',
    ]);
    expect(items[0]).toHaveTextContent('Listened');
    expect(items[1]).toHaveTextContent("Today's step");
    expect(items[2]).toHaveTextContent('Opens on day 3');
    expect(within(items[2]!).queryByRole('button')).toBeNull();
  });

  it('plays the programme from today\u2019s step through the open steps, and one step with the programme as its queue', async () => {
    const player = renderSection();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Play the programme, Sleep well, in order' }));
    expect(player.onPlayAll).toHaveBeenCalledWith([owned[1]]);
    await user.click(screen.getByRole('button', { name: 'Play First' }));
    expect(player.onPlay).toHaveBeenCalledWith(owned[0], [owned[1]]);
  });

  it('an offered audio the client does not own links to the shop instead of playing', async () => {
    renderSection();
    const extra = await screen.findByRole('article', { name: 'Extra' });
    expect(within(extra).getByRole('link', { name: 'Find Extra in the shop' })).toHaveAttribute(
      'href',
      '/individual-audios',
    );
    expect(within(extra).queryByRole('button')).toBeNull();
  });

  it('is not shown when nothing was assigned', async () => {
    fake.client.tables.client_assignments = () => ({ data: [], error: null });
    const { container } = render(
      <MemoryRouter>
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <FromPractitionerSection userId="u1" owned={owned} now={NOW} />
          <p>after</p>
        </QueryClientProvider>
      </MemoryRouter>,
    );
    await screen.findByText('after');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(container.querySelector('#from-your-practitioner')).toBeNull();
  });

  it('says so, with a retry, when it cannot be loaded', async () => {
    fake.client.tables.client_assignments = () => ({ data: null, error: { message: 'boom' } });
    renderSection();
    expect(await screen.findByRole('alert')).toHaveTextContent('This could not be loaded');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe('From your practitioner: audio uploaded for this client', () => {
  const uploaded = {
    id: 'a3',
    user_id: 'u1',
    email: 'me@example.com',
    note: 'Each evening.',
    access: 'granted',
    assigned_at: '2026-11-23T09:00:00Z',
    product_id: null,
    products: null,
    private_audio: {
      id: 'pa1',
      title: 'Your own evening',
      object_path: 'f0e0d0c0-0000-4000-8000-000000000001.mp3',
    },
    programmes: null,
  };

  function renderUploaded(download: (item: OwnedItem & { productId: string }) => Promise<void>) {
    fake.client.tables.client_assignments = () => ({ data: [uploaded], error: null });
    const player = { onPlay: vi.fn(), onPlayAll: vi.fn() };
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <MemoryRouter>
        <QueryClientProvider client={client}>
          <FromPractitionerSection userId="u1" owned={owned} player={player} download={download} now={NOW} />
        </QueryClientProvider>
      </MemoryRouter>,
    );
    return player;
  }

  it('plays it by its own id, not as a shop audio, and downloads it', async () => {
    const download = vi.fn(() => Promise.resolve());
    const player = renderUploaded(download);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Play Your own evening' }));
    const item = {
      id: 'uploaded-pa1',
      title: 'Your own evening',
      category: 'From your practitioner',
      productId: 'pa1',
    };
    expect(player.onPlay).toHaveBeenCalledWith(item, [item]);
    expect(screen.queryByRole('link', { name: /in the shop/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Download Your own evening' }));
    expect(download).toHaveBeenCalledWith(item);
  });

  it('says so when the download fails', async () => {
    renderUploaded(() => Promise.reject(new Error('HTTP 404')));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Download Your own evening' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The download failed. Please try again.');
  });
});

describe('From your practitioner: a step uploaded for this client', () => {
  const privateStep = {
    id: 's2',
    position: 2,
    day_number: 2,
    note: 'Made for you',
    product_id: null,
    products: null,
    private_audio: {
      id: 'pa2',
      title: 'Your own words',
      object_path: 'f0e0d0c0-0000-4000-8000-000000000002.mp3',
    },
  };
  const withPrivateStep = {
    ...assignments[0]!,
    programmes: {
      ...assignments[0]!.programmes!,
      programme_steps: [step(1, 'x1', 'First'), privateStep],
    },
  };
  const item = {
    id: 'uploaded-pa2',
    title: 'Your own words',
    category: 'From your practitioner',
    productId: 'pa2',
  };

  function renderProgramme(listenedFirst: boolean) {
    fake.client.tables.client_assignments = () => ({ data: [withPrivateStep], error: null });
    fake.client.tables.programme_progress = () => ({
      data: listenedFirst
        ? [
            {
              product_id: 'x1',
              furthest_seconds: 600,
              listened_at: NOW.toISOString(),
              last_listened_at: NOW.toISOString(),
            },
          ]
        : [],
      error: null,
    });
    const player = { onPlay: vi.fn(), onPlayAll: vi.fn() };
    const download = vi.fn(() => Promise.resolve());
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <MemoryRouter>
        <QueryClientProvider client={client}>
          <FromPractitionerSection userId="u1" owned={owned} player={player} download={download} now={NOW} />
        </QueryClientProvider>
      </MemoryRouter>,
    );
    return { player, download };
  }

  it('is locked in its place until step 1 was listened to: no Play, no Download, not queued', async () => {
    const { player } = renderProgramme(false);
    const steps = await screen.findByRole('list', { name: 'Steps of Sleep well' });
    const second = within(steps).getAllByRole('listitem')[1]!;
    expect(second).toHaveTextContent('Your own words');
    expect(second).toHaveTextContent('Opens on day 2');
    expect(within(second).queryByRole('button')).toBeNull();
    await userEvent
      .setup()
      .click(screen.getByRole('button', { name: 'Play the programme, Sleep well, in order' }));
    expect(player.onPlayAll).toHaveBeenCalledWith([owned[0]]);
  });

  it('once open, plays in the programme order by its own id, and downloads', async () => {
    const { player, download } = renderProgramme(true);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Play the programme, Sleep well, in order' }));
    expect(player.onPlayAll).toHaveBeenCalledWith([item]);
    await user.click(screen.getByRole('button', { name: 'Play Your own words' }));
    expect(player.onPlay).toHaveBeenCalledWith(item, [item]);
    await user.click(screen.getByRole('button', { name: 'Download Your own words' }));
    expect(download).toHaveBeenCalledWith(item);
  });
});
