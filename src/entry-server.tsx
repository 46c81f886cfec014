import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { App } from './app/app';
import { moduleForPath, preloadPage } from './app/router';
import { routeModuleFiles } from './app/route-module-files';

export interface RenderResult {
  html: string;
  statusCode: number;
  /** Source file of the page module rendered, for modulepreload links. */
  moduleFiles: string[];
}

async function streamToString(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
  return Buffer.concat(chunks).toString('utf8');
}

/** Renders one URL to static HTML (the prerender step calls this for every public route). */
export async function render(url: string): Promise<RenderResult> {
  const { pathname } = new URL(url, 'http://prerender.local');
  const module = moduleForPath(pathname);
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
  return { html, statusCode: module === 'notFound' ? 404 : 200, moduleFiles: [routeModuleFiles[module]] };
}

// Re-exported for the build script, so the sitemap, robots.txt and CSP read the same configuration the
// pages were rendered with.
export { buildRobotsTxt, buildSitemapXml, sitemapEntries } from './config/sitemap';
export { env as buildEnv } from './config/env';
export { site } from './config/site';
export { buildDate } from './lib/format';
export { provideCatalogueSnapshot } from './features/catalogue/catalogue-snapshot';
