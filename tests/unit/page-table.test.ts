import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { islandFile, islandNameOfFile, islandNames, isIslandName, type IslandModule } from '@/app/islands';
import { lazyPages, pageForPath } from '@/app/router';
import { notFoundFile, pages, paths } from '@/config/paths';
import { sitemapEntries } from '@/config/sitemap';
import { clientOnlyRoutes, prerenderedRoutes, redirects } from '../../scripts/site-routes';

// The page table (src/config/paths.ts) is the only list of pages, and the islands are found by their file
// names: these check what is derived from them.

const pageList = Object.values(pages);

async function loadModule(file: string): Promise<Record<string, unknown>> {
  return (await import(/* @vite-ignore */ `/${file}`)) as Record<string, unknown>;
}

describe('the page table', () => {
  it('names a page module for every page, and every page module found is a page', async () => {
    const files = [...pageList.map((page) => page.file), notFoundFile];
    expect(new Set(files).size).toBe(files.length);
    expect([...lazyPages.keys()].sort()).toEqual([...files].sort());
    for (const file of files) {
      expect(existsSync(file), file).toBe(true);
      expect(typeof (await loadModule(file)).Component, file).toBe('function');
    }
    // Transforms every page's module tree: seconds on a busy machine.
  }, 60_000);

  it('routes every page’s path to it, and any other path to the 404 page', () => {
    for (const [name, page] of Object.entries(pages)) {
      expect(paths[name as keyof typeof pages]).toBe(page.path);
      expect(pageForPath(page.path)).toBe(page);
    }
    expect(new Set(pageList.map((page) => page.path)).size).toBe(pageList.length);
    expect(pageForPath('/no-such-page')).toBeNull();
    expect(pageForPath('/about/extra')).toBeNull();
    expect(pageForPath(paths.virtualSessionsLegacy)).toBeNull();
    expect(redirects).toEqual([{ from: '/virtual-sessions', to: '/virtual-appointments', status: 301 }]);
  });

  it('prerenders every page but the client-only ones: the sitemap’s and /sitemap itself', () => {
    expect([...prerenderedRoutes].sort()).toEqual(
      [...sitemapEntries.map((e) => e.path), paths.sitemap].sort(),
    );
    expect(clientOnlyRoutes).toEqual([
      '/cart',
      '/checkout',
      '/checkout/result',
      '/auth',
      '/auth/confirm',
      '/reset-password',
      '/update-password',
      '/admin/login',
      '/account',
      '/admin/dashboard',
    ]);
  });
});

describe('the islands', () => {
  it('are named after their modules, `<name>-island.tsx`', () => {
    expect(islandNameOfFile('/src/features/faq/faq-browser-island.tsx')).toBe('faq-browser');
    expect(() => islandNameOfFile('/src/features/faq/faq-browser.tsx')).toThrow();
    expect(islandFile('faq-browser')).toBe('src/features/faq/faq-browser-island.tsx');
    expect(isIslandName('tabs')).toBe(true);
    expect(isIslandName('no-such-island')).toBe(false);
    expect(isIslandName(null)).toBe(false);
    expect(() => islandFile('no-such-island')).toThrow('Unknown island no-such-island');
  });

  it('are every module that exports render', async () => {
    // The pages' islands (tests/components/adoptable-pages.test.tsx checks each page names known ones).
    expect(islandNames()).toEqual(expect.arrayContaining(['faq-browser', 'tabs', 'booking-calendar']));
    for (const name of islandNames()) {
      const file = islandFile(name);
      expect(existsSync(file), file).toBe(true);
      expect(typeof ((await loadModule(file)) as Partial<IslandModule>).render, file).toBe('function');
    }
  });
});
