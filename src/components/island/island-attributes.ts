// Without React: the build scripts read pages with these too.

/**
 * The interactive parts of marketing pages. A marketing page's first load keeps its prerendered markup as it
 * is and loads none of its code (src/app/adopted-page.tsx); only these parts get their code, each mounted
 * over its own prerendered markup.
 */
export const islandNames = ['faq-browser', 'tabs', 'booking-calendar'] as const;
export type IslandName = (typeof islandNames)[number];

export function isIslandName(name: string | null): name is IslandName {
  return (islandNames as readonly (string | null)[]).includes(name);
}

/**
 * Islands far down their page whose code loads only as they come near the viewport, or when the visitor
 * reaches into them first (keyboard focus, a press), not with the page (docs/decisions/0002-first-js-budget.md).
 * Until then their prerendered markup shows; its links work, and a press on one of its buttons is passed on
 * once the island has mounted.
 */
export const islandsLoadedNearViewport: ReadonlySet<IslandName> = new Set(['booking-calendar']);

export const ISLAND_ATTRIBUTE = 'data-island';
/** Wraps a marketing page's markup, so its first load can find and adopt it. */
export const STATIC_PAGE_ATTRIBUTE = 'data-static-page';

/**
 * Added by the marked render in tests (tests/components/adoptable-pages.test.tsx) to every element rendered
 * with an onClick handler, which markup cannot otherwise show: scripts/prerender.ts's checkAdoptedPage fails
 * an adopted page with one outside its islands.
 */
export const CLICK_HANDLER_MARK = 'data-click-handler';
