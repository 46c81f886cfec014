import { fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmAction } from '@/components/ui/confirm-action';
import { DataTable } from '@/components/ui/data-table';
import { FiltersDisclosure } from '@/components/ui/filters-disclosure';

interface Row {
  id: string;
  name: string;
  at: string;
  pence: number;
}

const rows: Row[] = [
  { id: 'a', name: 'First', at: '2026-11-20T10:30:00Z', pence: 299 },
  { id: 'b', name: 'Second', at: '2026-11-21T10:30:00Z', pence: 1050 },
];

const columns = [
  { header: 'Name', cell: (row: Row) => row.name },
  { header: 'When', date: (row: Row) => row.at },
  { header: 'Amount', numeric: true, cell: (row: Row) => String(row.pence) },
];

describe('DataTable', () => {
  it('a captioned table in a labelled, focusable region: headers, cells, dates and numbers', () => {
    render(
      <DataTable caption="Things" columns={columns} rows={rows} rowKey={(row) => row.id} empty="None." />,
    );
    const region = screen.getByRole('region', { name: 'Things' });
    expect(region).toHaveAttribute('tabindex', '0');
    const table = within(region).getByRole('table', { name: 'Things' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Name', 'When', 'Amount']);
    const cells = within(table).getAllByRole('row')[1]!.querySelectorAll('td');
    expect(cells[0]).toHaveTextContent('First');
    expect(cells[1]).toHaveTextContent('20 Nov 2026, 10:30');
    expect(cells[1]).toHaveClass('whitespace-nowrap');
    expect(cells[2]).toHaveClass('text-right');
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('stacks on phones: the same table, each cell naming its header and carrying its label for the eye', () => {
    render(
      <DataTable caption="Things" columns={columns} rows={rows} rowKey={(row) => row.id} empty="None." />,
    );
    const table = screen.getByRole('table', { name: 'Things' });
    // The stacked look is a container query on the list's own width.
    expect(table).toHaveClass('@max-4xl:block');
    expect(table.parentElement?.parentElement).toHaveClass('@container');
    const headers = within(table).getAllByRole('columnheader');
    expect(headers.map((th) => th.textContent)).toEqual(['Name', 'When', 'Amount']);
    const cells = within(within(table).getAllByRole('row')[2]!).getAllByRole('cell');
    expect(cells.map((cell) => document.getElementById(cell.getAttribute('headers') ?? ''))).toEqual(headers);
    expect(cells.map((cell) => cell.querySelector('[aria-hidden="true"]')?.textContent)).toEqual([
      'Name',
      'When',
      'Amount',
    ]);
    // The labels are hidden from assistive technology, which names the header instead.
    expect(cells[0]).toHaveAccessibleName('Second');
    expect(cells[1]).toHaveAccessibleName('21 Nov 2026, 10:30');
    expect(cells[2]).toHaveAccessibleName('1050');
  });

  it("a row's panel opens right under its row, across every column", () => {
    const { rerender } = render(
      <DataTable
        caption="Things"
        columns={columns}
        rows={rows}
        rowKey={(row) => row.id}
        empty="None."
        detail={{ rowKey: 'a', content: <section aria-label="Details of First">First in full</section> }}
      />,
    );
    const bodyRows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(bodyRows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('First'),
      'First in full',
      expect.stringContaining('Second'),
    ]);
    const panelCell = within(bodyRows[1]!).getByRole('cell');
    expect(panelCell).toHaveAttribute('colspan', '3');
    expect(within(panelCell).getByRole('region', { name: 'Details of First' })).toBeInTheDocument();

    // Another row's panel moves under that row; none when closed.
    rerender(
      <DataTable
        caption="Things"
        columns={columns}
        rows={rows}
        rowKey={(row) => row.id}
        empty="None."
        detail={{ rowKey: 'b', content: <p>Second in full</p> }}
      />,
    );
    expect(within(screen.getByRole('table')).getAllByRole('row').at(-1)).toHaveTextContent('Second in full');
    rerender(
      <DataTable
        caption="Things"
        columns={columns}
        rows={rows}
        rowKey={(row) => row.id}
        empty="None."
        detail={null}
      />,
    );
    expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(3);
  });

  it('a panel whose row leaves the list stays, last, keeping its state and the focus', () => {
    function Panel() {
      const [count, setCount] = useState(0);
      return (
        <button type="button" onClick={() => setCount(count + 1)}>
          Pressed {count}
        </button>
      );
    }
    const table = (shown: Row[]) => (
      <DataTable
        caption="Things"
        columns={columns}
        rows={shown}
        rowKey={(row) => row.id}
        empty="None."
        detail={{ rowKey: 'a', content: <Panel /> }}
      />
    );
    const { rerender } = render(table(rows));
    fireEvent.click(screen.getByRole('button', { name: 'Pressed 0' }));
    screen.getByRole('button', { name: 'Pressed 1' }).focus();
    rerender(table([rows[1]!]));
    const bodyRows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(bodyRows.map((row) => row.textContent)).toEqual([expect.stringContaining('Second'), 'Pressed 1']);
    expect(screen.getByRole('button', { name: 'Pressed 1' })).toHaveFocus();
    // No rows left at all: the empty message, and the panel still open.
    rerender(table([]));
    expect(screen.getByText('None.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pressed 1' })).toBeInTheDocument();
  });

  it('the empty message instead of an empty table; the pager when paged', () => {
    const onPage = vi.fn();
    const { rerender } = render(
      <DataTable
        caption="Things"
        columns={columns}
        rows={[]}
        rowKey={(row) => row.id}
        empty="None."
        paging={{ pageIndex: 0, hasMore: false, onPage }}
      />,
    );
    expect(screen.getByText('None.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
    rerender(
      <DataTable
        caption="Things"
        columns={columns}
        rows={rows}
        rowKey={(row) => row.id}
        empty="None."
        paging={{ pageIndex: 1, hasMore: true, onPage }}
      />,
    );
    const pager = screen.getByRole('navigation', { name: 'Showing 26–27' });
    fireEvent.click(within(pager).getByRole('button', { name: 'Next page' }));
    fireEvent.click(within(pager).getByRole('button', { name: 'Previous page' }));
    expect(onPage.mock.calls).toEqual([[2], [0]]);
  });
});

describe('FiltersDisclosure', () => {
  it("a 'Filters' button says how many are in force and shows or hides them (phones only)", () => {
    const { rerender } = render(
      <FiltersDisclosure active={0}>
        <label>
          Status <input />
        </label>
      </FiltersDisclosure>,
    );
    const toggle = screen.getByRole('button', { name: 'Filters' });
    expect(toggle).toHaveClass('md:hidden');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    const panel = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    expect(panel).toContainElement(screen.getByLabelText('Status'));
    expect(panel).toHaveClass('max-md:hidden');
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(panel).not.toHaveClass('max-md:hidden');
    rerender(
      <FiltersDisclosure active={2}>
        <label>
          Status <input />
        </label>
      </FiltersDisclosure>,
    );
    expect(screen.getByRole('button', { name: 'Filters (2 active)' })).toBe(toggle);
  });
});

describe('ConfirmAction', () => {
  it('opens on "no", gives the focus back on cancel, and runs the action only when confirmed', async () => {
    const onConfirm = vi.fn(async () => true);
    render(
      <ConfirmAction
        label="Remove"
        accessibleLabel="Remove Ann"
        question="Remove Ann?"
        confirmLabel="Yes, remove"
        busyLabel="Removing…"
        cancelLabel="Keep"
        onConfirm={onConfirm}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Remove Ann' }));
    expect(screen.getByRole('group', { name: 'Remove Ann' })).toHaveTextContent('Remove Ann?');
    expect(screen.getByRole('button', { name: 'Keep' })).toHaveFocus();
    fireEvent.click(screen.getByRole('button', { name: 'Keep' }));
    expect(screen.getByRole('button', { name: 'Remove Ann' })).toHaveFocus();
    expect(onConfirm).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Remove Ann' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, remove' }));
    expect(await screen.findByRole('button', { name: 'Remove Ann' })).toBeInTheDocument();
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });
});
