import type { ReactNode } from 'react';
import { PAGE_SIZE, type PageOf } from './admin-api';
import { formatDate, formatDateTime, Pager, QueryState, TableFrame, Td, Th } from './admin-ui';

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
}

interface QueryLike<T> {
  isPending: boolean;
  error: Error | null;
  data: T | undefined;
  refetch: () => unknown;
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
 * One of the dashboard's lists: a captioned table in its own sideways-scrolling region, a message when there
 * are no rows, and the pager when the list is paged in SQL.
 */
export function DataTable<T>({ caption, columns, rows, rowKey, empty, paging }: DataTableProps<T>) {
  const cells = columns.map(cellOf);
  const table =
    rows.length === 0 ? (
      <p className="text-muted-foreground">{empty}</p>
    ) : (
      <TableFrame label={caption}>
        <table className="w-full border-collapse">
          <caption className="sr-only">{caption}</caption>
          <thead>
            <tr>
              {cells.map((column) => (
                <Th key={column.header} className={column.numeric ? 'text-right' : undefined}>
                  {column.header}
                </Th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={rowKey(row)}>
                {cells.map((column) => (
                  <Td
                    key={column.header}
                    className={
                      column.numeric ? `text-right tabular-nums ${column.className ?? ''}` : column.className
                    }
                  >
                    {column.cell(row)}
                  </Td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </TableFrame>
    );
  if (!paging) return table;
  return (
    <div className="space-y-4">
      {table}
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
