import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ActivityRow } from '@/features/admin/api/activity';
import { ActivitySection } from '@/features/admin/activity-section';
import { createQueryClient } from '@/lib/query-client';

const longEmail = 'a.very.long.address.of.a.colleague.who.edits@practice-example.co.uk';

// 30 entries, newest first: more than one page (25 a page).
const log: ActivityRow[] = Array.from({ length: 30 }, (_, i) => {
  const id = 30 - i;
  return i === 0
    ? {
        id,
        created_at: '2026-11-20T10:30:00Z',
        actor_email: longEmail,
        action: 'product.update',
        entity_type: 'product',
        summary: 'Calm Under Pressure',
        before: { id: 'p1', price_pence: 299, tags: ['calm', 'work'] },
        after: { id: 'p1', price_pence: 349, tags: ['calm', 'work', 'stress'] },
      }
    : {
        id,
        created_at: `2026-11-${String(19 - Math.floor(i / 2)).padStart(2, '0')}T09:00:00Z`,
        actor_email: null,
        action: 'purchase.grant',
        entity_type: 'purchase',
        summary: `Entry ${id}`,
        before: null,
        after: { title: `Audio ${id}` },
      };
});

const range = vi.fn(async (from: number, to: number) => ({ data: log.slice(from, to + 1), error: null }));
const builder = {
  select: () => builder,
  eq: () => builder,
  order: () => builder,
  range,
};
const from = vi.fn((table: string) => {
  if (table !== 'admin_activity') throw new Error(`unexpected table ${table}`);
  return builder;
});
vi.mock('@/lib/supabase', () => ({ getSupabase: async () => ({ from }) }));

function renderSection() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ActivitySection />
    </QueryClientProvider>,
  );
}

/** What a screen reader announces a cell under: its column header (the `headers` it names). */
function headerOf(cell: HTMLElement): string | null {
  const header = document.getElementById(cell.getAttribute('headers') ?? '');
  return header?.getAttribute('role') === 'columnheader' ? header.textContent : null;
}

describe('ActivitySection', () => {
  it('each entry is a row of labelled fields: when, who, what, before → after', async () => {
    renderSection();
    const table = await screen.findByRole('table', { name: 'Activity, newest first' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['When', 'Who', 'What', 'Before and after']);
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(1 + 25);

    const cells = within(rows[1]!).getAllByRole('cell');
    // Each field is tied to its header for assistive technology, and carries the same label for the eye when
    // the rows are stacked (hidden from assistive technology, which already names the header).
    expect(cells.map(headerOf)).toEqual(['When', 'Who', 'What', 'Before and after']);
    for (const cell of cells) {
      const label = cell.querySelector('[aria-hidden="true"]');
      expect(label).toHaveTextContent(headerOf(cell)!);
    }
    const [when, who, what, details] = cells as [HTMLElement, HTMLElement, HTMLElement, HTMLElement];
    expect(within(rows[1]!).getByRole('cell', { name: '20 Nov 2026, 10:30' })).toBe(when);
    expect(within(rows[1]!).getByRole('cell', { name: longEmail })).toBe(who);
    expect(within(rows[1]!).getByRole('cell', { name: 'Product edited Calm Under Pressure' })).toBe(what);

    // Before → after per changed field (the row's id left out), old values deleted, new ones inserted.
    expect(
      within(details)
        .getAllByRole('term')
        .map((term) => term.textContent),
    ).toEqual(['price_pence: ', 'tags: ']);
    const [price, tags] = within(details).getAllByRole('definition') as [HTMLElement, HTMLElement];
    expect(price).toHaveTextContent('Before 299 → After 349');
    expect(within(price).getByRole('deletion')).toHaveTextContent('299');
    expect(within(price).getByRole('insertion')).toHaveTextContent('349');
    expect(tags).toHaveTextContent('Before ["calm","work"] → After ["calm","work","stress"]');

    // An entry by the system with only an "after" side.
    const second = within(rows[2]!).getAllByRole('cell');
    expect(second.map(headerOf)).toEqual(['When', 'Who', 'What', 'Before and after']);
    expect(second[1]).toHaveAccessibleName('System');
    expect(second[2]).toHaveAccessibleName('Audio granted Entry 29');
    expect(second[3]).toHaveTextContent('title: After Audio 29');
    expect(within(second[3]!).queryByRole('deletion')).toBeNull();
  });

  it('pages through the log with the pager, keeping the labelled rows', async () => {
    renderSection();
    const first = await screen.findByRole('navigation', { name: 'Showing 1–25' });
    expect(within(first).getByRole('button', { name: 'Previous page' })).toBeDisabled();
    expect(range).toHaveBeenLastCalledWith(0, 25);

    fireEvent.click(within(first).getByRole('button', { name: 'Next page' }));
    const second = await screen.findByRole('navigation', { name: 'Showing 26–30' });
    expect(range).toHaveBeenLastCalledWith(25, 50);
    expect(within(second).getByRole('button', { name: 'Next page' })).toBeDisabled();
    const table = screen.getByRole('table', { name: 'Activity, newest first' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(5);
    const cells = within(rows[0]!).getAllByRole('cell');
    expect(cells.map(headerOf)).toEqual(['When', 'Who', 'What', 'Before and after']);
    expect(cells[2]).toHaveAccessibleName('Audio granted Entry 5');

    fireEvent.click(within(second).getByRole('button', { name: 'Previous page' }));
    expect(await screen.findByRole('navigation', { name: 'Showing 1–25' })).toBeInTheDocument();
    expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(26);
  });
});
