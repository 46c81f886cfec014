import { Suspense, useState } from 'react';
import { matchPath, Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { notFoundFile, pages, paths, type Page } from '@/config/paths';
import { STATIC_PAGE_ATTRIBUTE } from '@/components/island/island-attributes';
import { AdoptedPage, adoptedPageFor } from './adopted-page';
import { RootLayout } from './layouts/root-layout';
import { lazyPage, type LazyPage, type PageModule } from './lazy-page';

// The pages are the table in src/config/paths.ts; their modules are found here by Vite at build, each loaded
// on demand. A file a page uses beside it lives in a `parts` folder, out of this glob (else it would become a
// chunk of its own).
const pageModules = import.meta.glob<PageModule>(['/src/routes/**/*.tsx', '!/src/routes/**/parts/**']);

/** Each page module (by its file, as the page table names it), loaded on demand. */
export const lazyPages: ReadonlyMap<string, LazyPage> = new Map(
  Object.entries(pageModules).map(([key, load]) => [key.slice(1), lazyPage(load)]),
);

const routes: readonly Page[] = Object.values(pages);

/** The page a URL path renders: a page of the table, or null for the 404 page. */
export function pageForPath(pathname: string): Page | null {
  return routes.find((page) => matchPath(page.path, pathname) !== null) ?? null;
}

function lazyPageOf(file: string): LazyPage {
  const page = lazyPages.get(file);
  if (!page) throw new Error(`No page module ${file}`);
  return page;
}

/** Loads the page for a path before the first render (prerender and hydration). */
export function preloadPage(pathname: string): Promise<void> {
  return lazyPageOf(pageForPath(pathname)?.file ?? notFoundFile).preload();
}

function suspended(Page: LazyPage) {
  return (
    <Suspense fallback={<PageLoading />}>
      <Page />
    </Suspense>
  );
}

/**
 * A marketing page: on the first load, its adopted prerendered markup; otherwise the page's module, in the
 * same wrapper element the first load finds.
 */
function AdoptablePage({ Page }: { Page: LazyPage }) {
  const { pathname } = useLocation();
  // Decided once per page (the layout remounts the page on every path change).
  const [adopted] = useState(() => adoptedPageFor(pathname));
  return (
    <Suspense fallback={<PageLoading />}>
      {adopted ? (
        <AdoptedPage page={adopted} />
      ) : (
        <div {...{ [STATIC_PAGE_ATTRIBUTE]: '' }}>
          <Page />
        </div>
      )}
    </Suspense>
  );
}

function elementOf(page: Page) {
  const Page = lazyPageOf(page.file);
  return page.render === 'adopted' ? <AdoptablePage Page={Page} /> : suspended(Page);
}

/**
 * The pages inside the layout, as React Router routes (declarative mode, docs/decisions/0012-own-router.md):
 * every path is static and the table flat (one layout around every page).
 */
export function AppRoutes() {
  return (
    <RootLayout>
      <Routes>
        {/* The old site linked here; docs/product-rules.md D2: it redirects rather than 404s. */}
        <Route
          path={paths.virtualSessionsLegacy}
          element={<Navigate to={paths.virtualAppointments} replace />}
        />
        {routes.map((page) => (
          <Route key={page.path} path={page.path} element={elementOf(page)} />
        ))}
        <Route path="*" element={suspended(lazyPageOf(notFoundFile))} />
      </Routes>
    </RootLayout>
  );
}

function PageLoading() {
  return (
    <div className="flex min-h-[50vh] items-center justify-center" role="status">
      <span className="sr-only">Loading page…</span>
      <span
        aria-hidden="true"
        className="size-8 animate-spin rounded-full border-4 border-primary border-t-transparent"
      />
    </div>
  );
}
