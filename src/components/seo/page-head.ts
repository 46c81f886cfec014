// Without React or configuration: the build scripts read it too.

/**
 * Marks the head tags a page renders (src/components/seo/seo.tsx). The prerender step swaps it for
 * `data-prerendered` on its copies (scripts/prerender.ts), so once a page has rendered its own tags, a
 * prerendered tag without it is stale (src/app/lazy-page.tsx): React may reuse a prerendered tag for the
 * page's own (it then carries both), which is why the prerendered ones are never removed before the page's
 * are in. A page hydrated on its first load takes the prerendered tags over instead (`handPrerenderedHeadToReact`).
 */
export const PAGE_HEAD_ATTRIBUTE = 'data-page-head';
