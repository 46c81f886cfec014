import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { build } from 'vite';
import { buildFingerprint } from './build-config';
import { warningCollector } from './build-logger';
import { buildServiceWorker } from './build-service-worker';
import { loadCatalogueSnapshot } from './catalogue-snapshot';
import { prerender } from './prerender';
import { schedulerBuildProblem } from './scheduler-build-check';
import type * as EntryServerModule from '../src/entry-server';
import { inlineScriptHashes, securityHeaders } from './security-headers';
import { clientOnlyRoutes, prerenderedRoutes, redirects } from './site-routes';
import { writeFileAtomic } from './write-atomic';

type EntryServer = typeof EntryServerModule;

export const distDir = 'dist';
export const ssrDir = 'dist-ssr';
export const templateFile = join(ssrDir, 'index.template.html');

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

async function* walk(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(path);
    else yield path;
  }
}

/**
 * Precompressed siblings (.br, .gz) of one file, so the server and CDNs send compressed bytes without CPU per
 * request. Written atomically: the catalogue pages are compressed again while the site is served.
 */
export async function precompressFile(file: string): Promise<void> {
  const source = await readFile(file);
  if (source.length < 512) return;
  await writeFileAtomic(`${file}.gz`, await gzipAsync(source, { level: 9 }));
  await writeFileAtomic(`${file}.br`, await brotliAsync(source, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }));
}

async function precompress(dir: string): Promise<void> {
  for await (const file of walk(dir)) {
    if (/\.(html|js|css|xml|txt|svg|json|webmanifest)$/.test(file)) await precompressFile(file);
  }
}

function netlifyHeaders(headers: Record<string, string>): string {
  const lines = ['/*', ...Object.entries(headers).map(([name, value]) => `  ${name}: ${value}`)];
  lines.push('', '/assets/*', '  Cache-Control: public, max-age=31536000, immutable');
  // The offline worker: browsers compare it on each check, so no cache may hold an old copy.
  lines.push('', '/sw.js', '  Cache-Control: no-cache', '');
  return lines.join('\n');
}

function netlifyRedirects(): string {
  return [
    ...redirects.map(({ from, to, status }) => `${from} ${to} ${status}`),
    ...clientOnlyRoutes.map((route) => `${route} /_shell.html 200`),
    '/* /404.html 404',
    '',
  ].join('\n');
}

/** Builds unless dist/ was built from these very sources and build variables (its recorded fingerprint). */
export async function buildIfNeeded(onBuild?: () => void): Promise<void> {
  try {
    const info = JSON.parse(await readFile(join(distDir, '.build-info.json'), 'utf8')) as { fingerprint?: string };
    if (info.fingerprint === buildFingerprint()) return;
  } catch {
    // No build yet.
  }
  onBuild?.();
  await runBuild();
}

export async function runBuild(): Promise<void> {
  const problem = schedulerBuildProblem();
  if (problem) throw new Error(problem);
  const started = Date.now();
  await rm(distDir, { recursive: true, force: true });
  await rm(ssrDir, { recursive: true, force: true });
  const { logger, assertNoWarnings } = warningCollector();
  await build({ logLevel: 'warn', customLogger: logger });
  await build({
    logLevel: 'warn',
    customLogger: logger,
    build: { ssr: 'src/entry-server.tsx', outDir: ssrDir, manifest: false, emptyOutDir: true },
  });
  assertNoWarnings();

  const template = await readFile(join(distDir, 'index.html'), 'utf8');
  // Kept beside the SSR bundle (never deployed): the catalogue pages' rebuild renders into it again, after
  // prerendering / has replaced dist/index.html.
  await writeFile(templateFile, template);
  // The SPA shell for client-only routes (auth, cart, account, admin): React renders them in the browser.
  await writeFile(
    join(distDir, '_shell.html'),
    template.replace('<!--app-head-->', '').replace('<!--app-html-->', ''),
  );
  // The offline worker precaches that shell and My Account's and the player's code (docs/offline-listening.md).
  const worker = await buildServiceWorker(distDir, '_shell.html');

  const entry = (await import(join(process.cwd(), ssrDir, 'entry-server.js'))) as EntryServer;
  // The shop pages are prerendered with the real catalogue (same module instance the prerender step renders with).
  entry.provideCatalogueSnapshot(await loadCatalogueSnapshot());
  const routes = [...prerenderedRoutes, '/404'];
  const { pages } = await prerender({ distDir, ssrEntry: join(ssrDir, 'entry-server.js') }, routes);

  const origin = entry.site.origin;
  await writeFile(join(distDir, 'sitemap.xml'), entry.buildSitemapXml(origin, entry.buildDate));
  await writeFile(join(distDir, 'robots.txt'), entry.buildRobotsTxt(origin));

  const hashes = [
    ...new Set(pages.flatMap((page) => inlineScriptHashes(page.html)).concat(inlineScriptHashes(template))),
  ];
  const headers = securityHeaders({
    supabaseUrl: entry.buildEnv.supabaseUrl,
    inlineScriptHashes: hashes,
    https: true,
  });
  await writeFile(join(distDir, '_headers'), netlifyHeaders(headers));
  await writeFile(join(distDir, '_redirects'), netlifyRedirects());
  await writeFile(
    join(distDir, '.build-info.json'),
    JSON.stringify(
      {
        fingerprint: buildFingerprint(),
        builtAt: new Date().toISOString(),
        supabaseUrl: entry.buildEnv.supabaseUrl,
        inlineScriptHashes: hashes,
        prerendered: pages.map((page) => page.route),
        offlinePrecache: worker,
      },
      null,
      2,
    ),
  );
  await precompress(distDir);
  await mkdir(distDir, { recursive: true });
  const size = (await stat(join(distDir, 'index.html'))).size;
  console.info(
    `Built and prerendered ${pages.length} pages in ${((Date.now() - started) / 1000).toFixed(1)} s (home ${size} bytes).`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  runBuild().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
