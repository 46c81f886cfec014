import { useId, useLayoutEffect, useRef, type ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { PAGE_SIZE, type PageOf } from '@/lib/paging';
import { formatDate, formatDateTime } from '@/lib/practice-dates';
import { Pager, TableFrame, Td, Th } from './table-parts';
import { QueryState } from './query-state';

interface CellColumn<T> {
  header: string;
  /** Numbers line up on the right, header and cells alike. */
  numeric?: boolean;
  /** Classes of the body cells (widths, wrapping). */
  className?: string;
  cell: (row: T) => ReactNode;
}

/** A column of dates (with the time of day unless `dateOnly`), kept on one line. */
interface DateColumn<T> {
  header: string;
  date: (row: T) => string | null;
  dateOnly?: boolean;
}

export type Column<T> = CellColumn<T> | DateColumn<T>;

function cellOf<T>(column: Column<T>): CellColumn<T> {
  if ('cell' in column) return column;
  const { header, date, dateOnly } = column;
  return {
    header,
    className: 'whitespace-nowrap',
    cell: (row) => (dateOnly ? formatDate(date(row)) : formatDateTime(date(row))),
  };
}

interface DataTableProps<T> {
  caption: string;
  columns: Column<T>[];
  rows: T[];
  rowKey: (row: T) => string | number;
  empty: string;
  paging?: { pageIndex: number; hasMore: boolean; onPage: (next: number) => void };
  /**
   * A row's panel (its details, a form), shown in place: right under the row it belongs to, across the whole
   * width, so that on a phone it opens where the finger is rather than below the whole list.
   */
  detail?: { rowKey: string | number; content: ReactNode } | null;
}

interface QueryLike<T> {
  isPending: boolean;
  error: Error | null;
  data: T | undefined;
  refetch: () => unknown;
}

/**
 * When the panel's row leaves the list, the panel's row is moved to the end, and a moved element loses the
 * keyboard focus: give it back to what had it inside the panel (a message that took the focus, a button).
 */
function useKeepFocusWhenMoved(listed: boolean) {
  const ref = useRef<HTMLTableRowElement>(null);
  const focused = useRef<HTMLElement | null>(null);
  const wasListed = useRef(listed);
  useLayoutEffect(() => {
    const row = ref.current;
    if (!row) return;
    const remember = (event: FocusEvent) => {
      focused.current = event.target instanceof HTMLElement ? event.target : null;
    };
    row.addEventListener('focusin', remember);
    return () => row.removeEventListener('focusin', remember);
  });
  useLayoutEffect(() => {
    const moved = wasListed.current && !listed;
    wasListed.current = listed;
    const target = focused.current;
    if (moved && target?.isConnected && ref.current?.contains(target) && document.activeElement !== target) {
      target.focus({ preventScroll: true });
    }
  }, [listed]);
  return ref;
}

/** A DataTable of what a query read (loading and errors shown by QueryState). */
export function QueryTable<T>({
  query,
  ...props
}: Omit<DataTableProps<T>, 'rows' | 'paging'> & { query: QueryLike<T[]> }) {
  return <QueryState query={query}>{(rows) => <DataTable {...props} rows={rows} />}</QueryState>;
}

/** A DataTable of one page read in SQL, with the pager. */
export function PagedQueryTable<T>({
  query,
  pageIndex,
  onPage,
  ...props
}: Omit<DataTableProps<T>, 'rows' | 'paging'> & {
  query: QueryLike<PageOf<T>>;
  pageIndex: number;
  onPage: (next: number) => void;
}) {
  return (
    <QueryState query={query}>
      {({ rows, hasMore }) => <DataTable {...props} rows={rows} paging={{ pageIndex, hasMore, onPage }} />}
    </QueryState>
  );
}

/**
 * One of the dashboard's lists: a captioned table, a message when there are no rows, and the pager when the
 * list is paged in SQL.
 *
 * On phones it stacks: where the list is narrower than its columns need (a container query, so it follows the
 * space the list has and the visitor's text size), each row is shown as a block of labelled fields, one under
 * another, instead of a table scrolled sideways. It stays a table for assistive technology (the header row is
 * only visually hidden, each cell names its header) and gets its table look back when wide.
 */
export function DataTable<T>({ caption, columns, rows, rowKey, empty, paging, detail }: DataTableProps<T>) {
  const id = useId();
  const detailListed = detail ? rows.some((row) => rowKey(row) === detail.rowKey) : false;
  const detailRowRef = useKeepFocusWhenMoved(detailListed);
  const cells = columns.map(cellOf);
  const headerId = (index: number) => `${id}-h${index}`;
  const detailRow = detail ? (
    <tr key="detail" role="row" ref={detailRowRef} className="@max-4xl:block">
      <td
        // eslint-disable-next-line jsx-a11y/no-interactive-element-to-noninteractive-role -- a data cell, kept when display: block drops the implicit role
        role="cell"
        colSpan={cells.length}
        className="border-t border-border p-3 @max-4xl:block @max-4xl:border-t-0 @max-4xl:pt-0"
      >
        {detail.content}
      </td>
    </tr>
  ) : null;
  // One flat list of keyed rows, so that the panel's row keeps its state wherever it moves.
  const bodyRows = [
    ...rows.flatMap((row) => [
      <tr
        key={`row-${rowKey(row)}`}
        role="row"
        className="@max-4xl:block @max-4xl:space-y-2 @max-4xl:border-t @max-4xl:border-border @max-4xl:p-3 @max-4xl:first:border-t-0"
      >
        {cells.map((column, index) => (
          // The visible label is for the eye only: a screen reader already names the cell's header.
          <Td
            key={column.header}
            role="cell"
            headers={headerId(index)}
            className={cn(
              column.numeric && 'text-right tabular-nums',
              column.className,
              '@max-4xl:flex @max-4xl:min-w-0 @max-4xl:flex-wrap @max-4xl:items-baseline @max-4xl:gap-x-2 @max-4xl:border-t-0 @max-4xl:p-0 @max-4xl:text-left',
            )}
          >
            <span
              aria-hidden="true"
              className="hidden text-xs font-semibold uppercase tracking-wide text-muted-foreground @max-4xl:inline"
            >
              {column.header}
            </span>
            <div className="min-w-0 @max-4xl:max-w-full">{column.cell(row)}</div>
          </Td>
        ))}
      </tr>,
      ...(detail && detail.rowKey === rowKey(row) ? [detailRow] : []),
    ]),
    // The panel's row gone from the list (e.g. a refunded order under a 'Paid' filter): the panel stays, last,
    // with its state (the same key), until it is closed.
    ...(detail && !detailListed ? [detailRow] : []),
  ];
  const table = (
    <>
      {rows.length === 0 ? <p className="text-muted-foreground">{empty}</p> : null}
      {rows.length > 0 || detailRow ? (
        <TableFrame label={caption}>
          {/* Stacked, the table's parts are no longer laid out as a table (display: block): their roles are
            given explicitly so that every browser still exposes a table with rows, headers and cells. */}
          <table className="w-full border-collapse @max-4xl:block" role="table">
            <caption className="sr-only">{caption}</caption>
            {/* eslint-disable-next-line jsx-a11y/no-redundant-roles -- kept when display: block drops the implicit role */}
            <thead className="@max-4xl:sr-only" role="rowgroup">
              <tr role="row">
                {cells.map((column, index) => (
                  <Th
                    key={column.header}
                    id={headerId(index)}
                    role="columnheader"
                    className={column.numeric ? 'text-right' : undefined}
                  >
                    {column.header}
                  </Th>
                ))}
              </tr>
            </thead>
            {/* eslint-disable-next-line jsx-a11y/no-redundant-roles -- kept when display: block drops the implicit role */}
            <tbody className="@max-4xl:block" role="rowgroup">
              {bodyRows}
            </tbody>
          </table>
        </TableFrame>
      ) : null}
    </>
  );
  const framed = <div className="@container">{table}</div>;
  if (!paging) return framed;
  return (
    <div className="space-y-4">
      {framed}
      <Pager
        pageIndex={paging.pageIndex}
        count={rows.length}
        pageSize={PAGE_SIZE}
        hasMore={paging.hasMore}
        onPage={paging.onPage}
      />
    </div>
  );
}
