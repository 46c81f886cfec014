import { readFileSync, existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { islandModuleFiles } from '@/app/island-module-files';
import { islandModules } from '@/app/islands';
import { routeModuleFiles } from '@/app/route-module-files';
import { moduleForPath, routeTable } from '@/app/router';
import { routeModules } from '@/app/route-modules';
import { paths } from '@/config/paths';
import { sitemapEntries } from '@/config/sitemap';

describe('route table', () => {
  it('names the real source file of every page module', () => {
    const source = readFileSync('src/app/route-modules.ts', 'utf8');
    expect(Object.keys(routeModuleFiles).sort()).toEqual(Object.keys(routeModules).sort());
    for (const file of Object.values(routeModuleFiles)) {
      expect(existsSync(file), file).toBe(true);
      expect(source).toContain(`import('@/${file.replace(/^src\//, '').replace(/\.tsx$/, '')}')`);
    }
  });

  it('names the real source file of every island module', () => {
    const source = readFileSync('src/app/islands.ts', 'utf8');
    expect(Object.keys(islandModuleFiles).sort()).toEqual(Object.keys(islandModules).sort());
    for (const file of Object.values(islandModuleFiles)) {
      expect(existsSync(file), file).toBe(true);
      expect(source).toContain(`import('@/${file.replace(/^src\//, '').replace(/\.tsx$/, '')}')`);
    }
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
