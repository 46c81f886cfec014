// The shared UI kit's own words (src/components/ui): loading, failure, paging, search and filters.

export const uiText = {
  loading: 'Loading…',
  loadFailed: 'Could not load this section. Please try again.',
  retry: 'Try again',
  previous: 'Previous page',
  next: 'Next page',
  pageOf: (from: number, to: number) => `Showing ${from}–${to}`,
  search: 'Search',
  never: 'Never',
  /** The phone's button that shows a list's filters, with how many are in force. */
  filters: (active: number) => (active === 0 ? 'Filters' : `Filters (${active} active)`),
} as const;
