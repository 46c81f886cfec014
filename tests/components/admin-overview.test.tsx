import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { parsePounds, penceToPounds } from '@/features/admin/money-input';
import { OverviewSection } from '@/features/admin/overview-section';
import { createQueryClient } from '@/lib/query-client';

const overview = {
  revenue_today_pence: 299,
  revenue_30_days_pence: 1895,
  revenue_all_time_pence: 4489,
  orders_today: 1,
  orders_30_days: 4,
  orders_all_time: 9,
  average_order_pence: 499,
  customers: 4,
  best_sellers: [{ title: 'Calm Under Pressure', kind: 'product', units: 4, revenue_pence: 1196 }],
  weekly: Array.from({ length: 12 }, (_, i) => ({
    week_start: `2026-09-${String(7 + i).padStart(2, '0')}`,
    orders: i % 2,
    revenue_pence: (i % 2) * 299,
  })),
  disputes_open: 1,
};

const disputes = [
  {
    id: 'a1b2c3d4-0000-4000-8000-000000000001',
    created_at: '2026-11-01T10:00:00Z',
    email: 'pat@example.com',
    amount_paid_pence: 299,
    status: 'paid',
    dispute_status: 'open',
    disputed_at: '2026-11-20T10:00:00Z',
    dispute_closed_at: null,
  },
  {
    id: 'e5f6a7b8-0000-4000-8000-000000000002',
    created_at: '2026-10-01T10:00:00Z',
    email: 'sam@example.com',
    amount_paid_pence: 699,
    status: 'paid',
    dispute_status: 'lost',
    disputed_at: '2026-10-10T10:00:00Z',
    dispute_closed_at: '2026-10-30T10:00:00Z',
  },
];

const rpc = vi.fn(async (name: string) =>
  name === 'admin_overview'
    ? { data: overview, error: null }
    : name === 'admin_disputed_orders'
      ? { data: disputes, error: null }
      : { data: null, error: { message: 'unexpected' } },
);
const invoke = vi.fn(async (name: string) =>
  name === 'reconcile-payments'
    ? { data: { checked: 3, fulfilled: 1, failed: 0, refunds: 0, receipts: 1 }, error: null }
    : { data: null, error: new Error('unexpected') },
);
vi.mock('@/lib/supabase', () => ({ getSupabase: async () => ({ rpc, functions: { invoke } }) }));

describe('OverviewSection', () => {
  it('shows the figures in pounds, the weekly chart with its table, and the best sellers', async () => {
    render(
      <QueryClientProvider client={createQueryClient()}>
        <OverviewSection />
      </QueryClientProvider>,
    );
    expect(await screen.findByTestId('figure-Revenue, all time')).toHaveTextContent('£44.89');
    expect(screen.getByTestId('figure-Revenue today')).toHaveTextContent('£2.99');
    expect(screen.getByTestId('figure-Paid orders')).toHaveTextContent('9');
    expect(screen.getByText('1 today, 4 in 30 days')).toBeInTheDocument();
    expect(screen.getByTestId('figure-Average order value')).toHaveTextContent('£4.99');
    expect(
      screen.getByRole('img', { name: /Bar chart of revenue per week over 12 weeks, £17.94 in total/ }),
    ).toBeInTheDocument();
    const weekly = screen.getByRole('table', { name: 'Revenue per week, last 12 weeks' });
    expect(within(weekly).getAllByRole('row')).toHaveLength(13);
    const best = screen.getByRole('table', { name: 'Best sellers' });
    expect(within(best).getByRole('row', { name: 'Calm Under Pressure 4 £11.96' })).toBeInTheDocument();
    expect(rpc).toHaveBeenCalledWith('admin_overview');
  });
});

describe('OverviewSection: disputes and missed payments', () => {
  it('lists disputed orders with their state and checks payments on request', async () => {
    render(
      <QueryClientProvider client={createQueryClient()}>
        <OverviewSection />
      </QueryClientProvider>,
    );
    expect(await screen.findByTestId('open-disputes')).toHaveTextContent('1 dispute open');
    const table = await screen.findByRole('table', { name: 'Disputed orders' });
    expect(
      within(table).getByRole('row', { name: /A1B2C3D4 pat@example.com £2.99 Open: audio suspended/ }),
    ).toBeInTheDocument();
    expect(
      within(table).getByRole('row', { name: /E5F6A7B8 sam@example.com £6.99 Lost: audio removed/ }),
    ).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Check payments now' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      '3 paid payments checked: 1 fulfilled now, 0 refunds of audio already owned.',
    );
    expect(invoke).toHaveBeenCalledWith('reconcile-payments', { body: {} });
  });

  it('disables the button while the check runs, then shows the function’s refusal and lets it be asked again', async () => {
    let answer: (value: { data: null; error: Error & { context: Response } }) => void = () => {};
    invoke.mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)));
    render(
      <QueryClientProvider client={createQueryClient()}>
        <OverviewSection />
      </QueryClientProvider>,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Check payments now' }));
    expect(await screen.findByRole('button', { name: 'Checking payments…' })).toBeDisabled();

    const refusal = Object.assign(new Error('non-2xx'), {
      context: new Response(JSON.stringify({ error: 'Stripe is not configured.' }), { status: 500 }),
    });
    answer({ data: null, error: refusal });
    expect(await screen.findByRole('alert')).toHaveTextContent('Stripe is not configured.');
    expect(screen.getByRole('button', { name: 'Check payments now' })).toBeEnabled();
  });
});

describe('prices in pounds and pence', () => {
  it.each([
    ['2.99', 299],
    ['£7', 700],
    [' 1,250.5 ', 125050],
    ['0.01', 1],
  ])('%s is %i pence', (input, pence) => {
    expect(parsePounds(input)).toBe(pence);
  });

  it.each(['', '0', '2.999', '-1', 'abc', '10000', '2,99'])('refuses %j', (input) => {
    expect(parsePounds(input)).toBeNull();
  });

  it('writes pence back as pounds', () => {
    expect(penceToPounds(299)).toBe('2.99');
    expect(penceToPounds(700)).toBe('7.00');
  });
});
