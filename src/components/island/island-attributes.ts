// Without React: the build scripts read pages with these too.

/**
 * The interactive parts of marketing pages. A marketing page's first load keeps its prerendered markup as it
 * is and loads none of its code (src/app/adopted-page.tsx); only these parts get their code, each mounted
 * over its own prerendered markup.
 */
export const islandNames = ['faq-browser', 'tabs', 'booking-calendar'] as const;
export type IslandName = (typeof islandNames)[number];

export const ISLAND_ATTRIBUTE = 'data-island';
/** Wraps a marketing page's markup, so its first load can find and adopt it. */
export const STATIC_PAGE_ATTRIBUTE = 'data-static-page';
