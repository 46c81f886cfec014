import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import {
  ISLAND_ATTRIBUTE,
  ISLAND_NEAR_VIEWPORT_ATTRIBUTE,
  STATIC_PAGE_ATTRIBUTE,
} from './components/island/island-attributes';
import { App } from './app/app';
import { islandFile, isIslandName } from './app/islands';
import { pageForPath, preloadPage } from './app/router';
import { notFoundFile } from './config/paths';

export interface RenderResult {
  html: string;
  statusCode: number;
  /**
   * Source files of the modules the first load runs besides the entry, to preload: the page's module, or for
   * a marketing page (adopted on its first load, src/app/adopted-page.tsx) its islands'.
   */
  moduleFiles: string[];
}

interface IslandUse {
  name: string;
  nearViewport: boolean;
}

/** Each island of a page's markup (an unknown name fails the build). */
export function islandsIn(html: string): IslandUse[] {
  const uses = [
    ...html.matchAll(new RegExp(`<[a-z]+\\b[^>]*\\b${ISLAND_ATTRIBUTE}="([^"]*)"[^>]*>`, 'g')),
  ].map(([tag, name = '']) => ({ name, nearViewport: tag.includes(`${ISLAND_NEAR_VIEWPORT_ATTRIBUTE}=`) }));
  const unknown = uses.filter(({ name }) => !isIslandName(name)).map(({ name }) => name);
  if (unknown.length > 0) throw new Error(`Unknown island ${unknown.join(', ')}`);
  return uses;
}

async function streamToString(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
  return Buffer.concat(chunks).toString('utf8');
}

/** Renders one URL to static HTML (the prerender step calls this for every public route). */
export async function render(url: string): Promise<RenderResult> {
  const { pathname } = new URL(url, 'http://prerender.local');
  const file = pageForPath(pathname)?.file ?? notFoundFile;
  await preloadPage(pathname);
  const renderErrors: unknown[] = [];
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <StaticRouter location={url}>
        <App />
      </StaticRouter>
    </StrictMode>,
    {
      onError: (error) => void renderErrors.push(error),
      // React outlines large Suspense boundaries (moved in by a script); a prerendered page must carry its
      // content inline so it reads complete with JavaScript off.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
    },
  );
  if (renderErrors.length > 0) throw renderErrors[0];
  const html = await streamToString(prelude);
  return { html, statusCode: file === notFoundFile ? 404 : 200, moduleFiles: firstLoadModules(html, file) };
}

/**
 * What the first load runs besides the entry: the page's module; for an adopted marketing page, its islands
 * loaded with the page, and what mounts the others as they near the viewport.
 */
function firstLoadModules(html: string, pageFile: string): string[] {
  if (!html.includes(`${STATIC_PAGE_ATTRIBUTE}=""`)) return [pageFile];
  const islands = islandsIn(html);
  const withPage = new Set(islands.filter((island) => !island.nearViewport).map((island) => island.name));
  return [
    ...[...withPage].map(islandFile),
    ...(islands.some((island) => island.nearViewport) ? ['src/app/island-near-viewport.tsx'] : []),
  ];
}

// Re-exported for the build script, so the sitemap, robots.txt and CSP read the same configuration the
// pages were rendered with.
export { buildRobotsTxt, buildSitemapXml, sitemapEntries } from './config/sitemap';
export { supabaseEnv as buildEnv } from './config/supabase-env';
export { site } from './config/site';
export { buildDate } from './lib/build-date';
export { provideCatalogueSnapshot } from './features/catalogue/catalogue-snapshot';
