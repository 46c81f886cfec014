// The client record (src/features/programmes/client-record.tsx; docs/programmes.md "Screens"): what was assigned
// and how far it was listened, the private note, and the orders, appointments and audio the dashboard's shared
// reads give (src/lib/admin-api/), each with its own empty line.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ClientRecord } from '@/features/programmes/client-record';
import { fake } from './auth-fake-supabase';

vi.mock('@/lib/supabase', () => import('./auth-fake-supabase').then((m) => m.supabaseModule));

const NOW = new Date('2026-11-25T12:00:00Z');

const assignment = {
  id: 'a1',
  user_id: 'u1',
  email: 'client@example.com',
  note: 'Start tonight.',
  access: 'granted',
  assigned_at: '2026-11-24T09:00:00Z',
  product_id: 'x1',
  products: { title: 'Deep Sleep' },
  private_audio: null,
  programmes: null,
};

function renderRecord() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrap = (children: ReactNode) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  render(
    wrap(
      <ClientRecord
        userId="u1"
        name="Ann Client"
        email="client@example.com"
        onClose={vi.fn()}
        now={NOW}
        intake={<p>Health form here</p>}
      />,
    ),
  );
}

/** The list under a heading of the record (the element after it). */
async function listUnder(heading: string) {
  const title = await screen.findByRole('heading', { name: heading });
  return title.nextElementSibling as HTMLElement;
}

beforeEach(() => {
  fake.reset();
  const { tables, rpcs } = fake.client;
  tables.client_assignments = () => ({ data: [assignment], error: null });
  tables.programme_progress = () => ({
    data: [
      {
        product_id: 'x1',
        furthest_seconds: 125,
        listened_at: '2026-11-24T21:00:00Z',
        last_listened_at: '2026-11-24T21:00:00Z',
      },
    ],
    error: null,
  });
  tables.client_notes = () => ({ data: { note: 'Prefers evenings.' }, error: null });
  tables.orders = () => ({
    data: [{ id: 'o1', created_at: '2026-11-01T10:00:00Z', status: 'paid', amount_pence: 1299 }],
    error: null,
  });
  tables.appointments = () => ({
    data: [
      {
        id: 'ap1',
        user_id: 'u1',
        invitee_name: 'Ann Client',
        invitee_email: 'client@example.com',
        event_type: 'Free consultation',
        starts_at: '2026-11-10T14:00:00Z',
        ends_at: '2026-11-10T14:30:00Z',
        status: 'canceled',
      },
    ],
    error: null,
  });
  tables.programmes = () => ({ data: [], error: null });
  tables.products = () => ({ data: [], error: null });
  rpcs.admin_customer_purchases = () => ({ data: [], error: null });
});

describe('the client record', () => {
  it('shows the assigned audio with its listening, the note, orders, appointments and an empty audio list', async () => {
    renderRecord();
    expect(await screen.findByRole('heading', { name: 'Client record: Ann Client' })).toBeInTheDocument();
    const steps = await screen.findByRole('table', { name: 'Steps of Deep Sleep' });
    const [, row] = within(steps).getAllByRole('row');
    // Each cell carries its column's name for narrow screens (DataTable).
    expect(
      within(row!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      'Step1',
      'Day1',
      'AudioDeep Sleep',
      'ListenedYes',
      'Minutes3',
      'Last listened24 Nov 2026, 21:00',
    ]);
    expect(screen.getByText('Start tonight.')).toBeInTheDocument();
    expect(await screen.findByDisplayValue('Prefers evenings.')).toBeInTheDocument();

    expect(await listUnder('Orders')).toHaveTextContent('£12.99 (paid)');
    expect(await listUnder('Appointments')).toHaveTextContent('Free consultation (cancelled)');
    expect(await listUnder('Audio owned')).toHaveTextContent('No audio.');
    expect(screen.getByText('Health form here')).toBeInTheDocument();
  });

  it('says so when a part has nothing, and only that part', async () => {
    fake.client.tables.orders = () => ({ data: [], error: null });
    fake.client.rpcs.admin_customer_purchases = () => ({
      data: [
        {
          id: 'pu1',
          product_id: 'x1',
          title: 'Deep Sleep',
          category: 'Sleep',
          price: 9,
          order_id: null,
          created_at: '2026-11-02T10:00:00Z',
        },
      ],
      error: null,
    });
    renderRecord();
    expect(await screen.findByText('No orders.')).toBeInTheDocument();
    const owned = await listUnder('Audio owned');
    expect(await within(owned).findByText(/Deep Sleep/)).toBeInTheDocument();
    expect(screen.queryByText('No audio.')).toBeNull();
  });
});
