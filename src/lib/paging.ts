// Lists read a page at a time: one extra row tells whether there is a next page.

export const PAGE_SIZE = 25;

export type PageOf<T> = { rows: T[]; hasMore: boolean };

/** A page of rows read with one extra row, which tells whether there is a next page. */
export function page<T>(rows: T[]): PageOf<T> {
  return { rows: rows.slice(0, PAGE_SIZE), hasMore: rows.length > PAGE_SIZE };
}
