// Without React: the build scripts read pages with these too.

/**
 * The interactive parts of marketing pages. A marketing page's first load keeps its prerendered markup as it
 * is and loads none of its code (src/app/adopted-page.tsx); only these parts get their code, each mounted
 * over its own prerendered markup. The attribute's value is the island's name (src/app/islands.ts).
 */
export const ISLAND_ATTRIBUTE = 'data-island';
/**
 * On an island far down its page: its code loads only as it comes near the viewport, or when the visitor
 * reaches into it first (keyboard focus, a press), not with the page (docs/decisions/0002-first-js-budget.md).
 * Until then its prerendered markup shows; its links work, and a press on one of its buttons is passed on once
 * the island has mounted.
 */
export const ISLAND_NEAR_VIEWPORT_ATTRIBUTE = 'data-island-near-viewport';
/** Wraps a marketing page's markup, so its first load can find and adopt it. */
export const STATIC_PAGE_ATTRIBUTE = 'data-static-page';

/**
 * Added by the marked render in tests (tests/components/adoptable-pages.test.tsx) to every element rendered
 * with an onClick handler, which markup cannot otherwise show: scripts/prerender.ts's checkAdoptedPage fails
 * an adopted page with one outside its islands.
 */
export const CLICK_HANDLER_MARK = 'data-click-handler';
