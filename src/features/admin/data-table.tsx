import type { ReactNode } from 'react';
import { PAGE_SIZE } from './admin-api';
import { Pager, TableFrame, Td, Th } from './admin-ui';

export interface Column<T> {
  header: string;
  /** Numbers line up on the right, header and cells alike. */
  numeric?: boolean;
  /** Classes of the body cells (widths, wrapping). */
  className?: string;
  cell: (row: T) => ReactNode;
}

/**
 * One of the dashboard's lists: a captioned table in its own sideways-scrolling region, a message when there
 * are no rows, and the pager when the list is paged in SQL.
 */
export function DataTable<T>({
  caption,
  columns,
  rows,
  rowKey,
  empty,
  paging,
}: {
  caption: string;
  columns: Column<T>[];
  rows: T[];
  rowKey: (row: T) => string | number;
  empty: string;
  paging?: { pageIndex: number; hasMore: boolean; onPage: (next: number) => void };
}) {
  const table =
    rows.length === 0 ? (
      <p className="text-muted-foreground">{empty}</p>
    ) : (
      <TableFrame label={caption}>
        <table className="w-full border-collapse">
          <caption className="sr-only">{caption}</caption>
          <thead>
            <tr>
              {columns.map((column) => (
                <Th key={column.header} className={column.numeric ? 'text-right' : undefined}>
                  {column.header}
                </Th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={rowKey(row)}>
                {columns.map((column) => (
                  <Td
                    key={column.header}
                    className={column.numeric ? `text-right tabular-nums ${column.className ?? ''}` : column.className}
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
