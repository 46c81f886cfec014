// The practice log in My Account (src/features/practice/practice-log-section.tsx): the week's and month's
// figures from the account's sessions, the month calendar as readable text, hiding remembered, a month back,
// a failed read offered again.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PracticeLogSection } from '@/features/practice/practice-log-section';
import { PRACTICE_HIDDEN_KEY } from '@/features/practice/practice-visibility';
import { fake } from './auth-fake-supabase';

vi.mock('@/lib/supabase', () => import('./auth-fake-supabase').then((m) => m.supabaseModule));

// Wednesday 25 November 2026, in the listener's own time zone.
const now = new Date(2026, 10, 25, 20, 0);

function renderLog() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <PracticeLogSection userId="u1" now={now} />
    </QueryClientProvider>,
  );
}

const row = (day: string, seconds: number, finished = false) => ({
  product_id: 'prod-1',
  listened_on: day,
  seconds,
  finished,
});

/** The figure under a term of the summary ('This week' → '2 days'). */
function figure(section: HTMLElement, term: string): string {
  const dt = within(section).getByText(term, { selector: 'dt' });
  return dt.nextElementSibling?.textContent ?? '';
}

beforeEach(() => {
  fake.reset();
  localStorage.clear();
});

describe('practice log', () => {
  it("shows the week's and the month's practice, tracks finished, and each day's minutes", async () => {
    fake.client.tables.listening_sessions = () => ({
      data: [
        row('2026-11-23', 600, true),
        row('2026-11-25', 900),
        row('2026-11-25', 300, true),
        row('2026-11-24', 20),
        row('2026-11-03', 1500),
      ],
      error: null,
    });
    renderLog();
    const section = screen.getByRole('region', { name: 'Your practice' });
    const table = await within(section).findByRole('table', {
      name: 'Minutes listened each day, November 2026',
    });
    expect(figure(section, 'This week')).toBe('2 days');
    expect(figure(section, 'This month')).toBe('3 days, 55 minutes');
    expect(figure(section, 'Tracks finished')).toBe('2 tracks');
    expect(within(table).getByText('25 November: 20 minutes, today')).toBeInTheDocument();
    expect(within(table).getByText('24 November: under a minute')).toBeInTheDocument();
    expect(within(table).getByText('1 November: no listening')).toBeInTheDocument();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']);
    // The account's own sessions of the days shown (1 November, or this week's Monday, to 30 November).
    const query = fake.client.queries.find((q) => q.table === 'listening_sessions')!;
    expect(query.calls).toEqual(
      expect.arrayContaining([
        ['eq', ['user_id', 'u1']],
        ['gte', ['listened_on', '2026-11-01']],
        ['lte', ['listened_on', '2026-11-30']],
      ]),
    );
    // Nothing urges: no streak, no goal.
    expect(section.textContent).not.toMatch(/streak|goal|don't break|keep it up/i);
  });

  it('an empty month says so gently, and an earlier month can be seen', async () => {
    const user = userEvent.setup();
    fake.client.tables.listening_sessions = () => ({ data: [], error: null });
    renderLog();
    const section = screen.getByRole('region', { name: 'Your practice' });
    expect(await within(section).findByText(/Nothing listened to this month yet/)).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Next month' })).toBeDisabled();
    await user.click(within(section).getByRole('button', { name: 'Previous month' }));
    expect(
      await within(section).findByRole('table', { name: 'Minutes listened each day, October 2026' }),
    ).toBeInTheDocument();
    expect(within(section).queryByText('This week')).toBeNull();
    expect(figure(section, 'October 2026')).toBe('0 days, 0 minutes');
    const last = fake.client.queries.filter((q) => q.table === 'listening_sessions').at(-1)!;
    expect(last.calls).toEqual(
      expect.arrayContaining([
        ['gte', ['listened_on', '2026-10-01']],
        ['lte', ['listened_on', '2026-10-31']],
      ]),
    );
  });

  it('can be hidden, and stays hidden on the next visit without reading anything', async () => {
    const user = userEvent.setup();
    fake.client.tables.listening_sessions = () => ({ data: [row('2026-11-25', 900)], error: null });
    const first = renderLog();
    const section = screen.getByRole('region', { name: 'Your practice' });
    await within(section).findByRole('table');
    await user.click(within(section).getByRole('button', { name: 'Hide practice log' }));
    expect(within(section).queryByRole('table')).toBeNull();
    expect(within(section).getByText(/hidden on this device/)).toBeInTheDocument();
    expect(localStorage.getItem(PRACTICE_HIDDEN_KEY)).toBe('hidden');
    first.unmount();

    fake.client.queries.length = 0;
    renderLog();
    const again = screen.getByRole('region', { name: 'Your practice' });
    expect(within(again).getByRole('button', { name: 'Show practice log' })).toBeInTheDocument();
    expect(fake.client.queries.filter((q) => q.table === 'listening_sessions')).toHaveLength(0);
    await user.click(within(again).getByRole('button', { name: 'Show practice log' }));
    expect(await within(again).findByRole('table')).toBeInTheDocument();
    expect(localStorage.getItem(PRACTICE_HIDDEN_KEY)).toBeNull();
  });

  it('a failed read says so and can be tried again', async () => {
    const user = userEvent.setup();
    let fail = true;
    fake.client.tables.listening_sessions = () =>
      fail ? { data: null, error: { message: 'network' } } : { data: [row('2026-11-25', 120)], error: null };
    renderLog();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your practice log could not be loaded');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('25 November: 2 minutes, today')).toBeInTheDocument();
  });
});
