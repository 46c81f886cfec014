import { readFileSync, existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { islandModuleFiles } from '@/app/island-module-files';
import { islandModules } from '@/app/islands';
import { routeModuleFiles } from '@/app/route-module-files';
import { moduleForPath, routeTable } from '@/app/router';
import { routeModules } from '@/app/route-modules';
import { paths } from '@/config/paths';
import { sitemapEntries } from '@/config/sitemap';

/** A file map the server uses is in step with the registry of loaders the browser uses. */
function expectSourceFiles(registry: string, files: Record<string, string>, loaders: Record<string, unknown>) {
  const source = readFileSync(registry, 'utf8');
  expect(Object.keys(files).sort()).toEqual(Object.keys(loaders).sort());
  for (const file of Object.values(files)) {
    expect(existsSync(file), file).toBe(true);
    expect(source).toContain(`import('@/${file.replace(/^src\//, '').replace(/\.tsx$/, '')}')`);
  }
}

describe('route table', () => {
  it('names the real source file of every page module', () => {
    expectSourceFiles('src/app/route-modules.ts', routeModuleFiles, routeModules);
  });

  it('names the real source file of every island module', () => {
    expectSourceFiles('src/app/islands.ts', islandModuleFiles, islandModules);
  });

  it('registers every path of the spec’s route table and the sitemap', () => {
    const registered = new Set(routeTable.map((route) => route.path));
    for (const path of Object.values(paths)) {
      if (path === paths.sitemapXml || path === paths.virtualSessionsLegacy) continue;
      expect(registered.has(path), path).toBe(true);
    }
    for (const entry of sitemapEntries) expect(moduleForPath(entry.path)).not.toBe('notFound');
  });

  it('sends unknown paths to the 404 page', () => {
    expect(moduleForPath('/no-such-page')).toBe('notFound');
    expect(moduleForPath('/about/extra')).toBe('notFound');
    expect(moduleForPath('/anxiety-stress')).toBe('anxietyStress');
  });
});
