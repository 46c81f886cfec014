import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { buildFingerprint, localBuildEnvironment } from './build-config';
import { runBuild } from './build';
import { startStaticServer } from './static-server';
import type * as EntryServerModule from '../src/entry-server';

// `npm run bench`: the performance report. Initial JavaScript (gzip) of every sitemap route from the
// production build, Lighthouse mobile scores (median of 3 runs, Debian's Chromium) and the local stack's
// request latency. A benchmark, never a pass/fail test. Flags: --no-lighthouse, --runs=N, --route=/path.

const sitePort = 4390;
const stackPort = 54390;
const args = process.argv.slice(2);
const runs = Number(args.find((a) => a.startsWith('--runs='))?.split('=')[1] ?? 3);
const withLighthouse = !args.includes('--no-lighthouse');
// --route=/about (repeatable) limits the report to those routes.
const onlyRoutes = args.filter((a) => a.startsWith('--route=')).map((a) => a.slice('--route='.length));
const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

function htmlFileFor(route: string): string {
  return route === '/' ? 'dist/index.html' : join('dist', route.slice(1), 'index.html');
}

/** The JavaScript a first visit downloads before the page is interactive: entry script + modulepreloads. */
export async function initialJavaScript(
  route: string,
): Promise<{ files: number; gzipBytes: number; hasSupabaseJs: boolean }> {
  const html = await readFile(htmlFileFor(route), 'utf8');
  const files = [
    ...html.matchAll(/<script type="module"[^>]*src="([^"]+)"/g),
    ...html.matchAll(/<link rel="modulepreload"[^>]*href="([^"]+)"/g),
  ].map((m) => m[1] as string);
  const unique = [...new Set(files)];
  let gzipBytes = 0;
  let hasSupabaseJs = false;
  for (const file of unique) {
    const source = await readFile(join('dist', file));
    gzipBytes += gzipSync(source, { level: 9 }).length;
    // GoTrueClient is supabase-js's auth client: its presence means the library is in the first load.
    if (source.includes('GoTrueClient')) hasSupabaseJs = true;
  }
  return { files: unique.length, gzipBytes, hasSupabaseJs };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

interface Scores {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  cls: number;
}

async function lighthouseScores(url: string, port: number): Promise<Scores> {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error' }, undefined);
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { categories, audits } = result.lhr;
  const score = (key: string) => Math.round((categories[key]?.score ?? 0) * 100);
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    lcpMs: Math.round(audits['largest-contentful-paint']?.numericValue ?? 0),
    cls: Number((audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3)),
  };
}

async function main(): Promise<void> {
  localBuildEnvironment(sitePort, stackPort);
  let info: { fingerprint?: string } = {};
  try {
    info = JSON.parse(await readFile('dist/.build-info.json', 'utf8')) as { fingerprint?: string };
  } catch {
    // No build yet.
  }
  if (info.fingerprint !== buildFingerprint()) await runBuild();
  const entry = (await import(
    join(process.cwd(), 'dist-ssr', 'entry-server.js')
  )) as typeof EntryServerModule;
  const routes = entry.sitemapEntries
    .map((e) => e.path)
    .filter((route) => onlyRoutes.length === 0 || onlyRoutes.includes(route));

  const lines: string[] = [];
  lines.push(`# Benchmark report (${new Date().toISOString().slice(0, 10)})`, '');
  lines.push('## Pages', '');
  const header = withLighthouse
    ? '| Route | Initial JS (gzip KiB) | supabase-js in it | Perf | A11y | Best practices | SEO | LCP (ms) | CLS |'
    : '| Route | Initial JS (gzip KiB) | supabase-js in it |';
  lines.push(header, header.replace(/[^|]+/g, ' --- '));

  let chrome: chromeLauncher.LaunchedChrome | null = null;
  let server: Awaited<ReturnType<typeof startStaticServer>> | null = null;
  let stack: { stop(): Promise<void> } | null = null;
  const { startLocalStack } = await import('../supabase/local/server');
  try {
    if (withLighthouse) {
      stack = await startLocalStack({
        port: stackPort,
        dataDir: null,
        siteUrl: `http://localhost:${sitePort}`,
        quiet: true,
      });
      server = await startStaticServer({ distDir: 'dist', port: sitePort });
      chrome = await chromeLauncher.launch({
        chromePath,
        chromeFlags: [
          '--headless=new',
          '--no-sandbox',
          '--disable-gpu',
          '--disable-background-networking',
          '--disable-component-update',
          '--disable-sync',
          '--no-first-run',
        ],
      });
    }
    for (const route of routes) {
      const js = await initialJavaScript(route);
      const kb = (js.gzipBytes / 1024).toFixed(1);
      const supabase = js.hasSupabaseJs ? 'yes' : 'no';
      if (!withLighthouse || !chrome) {
        lines.push(`| ${route} | ${kb} | ${supabase} |`);
        continue;
      }
      const samples: Scores[] = [];
      for (let i = 0; i < runs; i += 1)
        samples.push(await lighthouseScores(`http://localhost:${sitePort}${route}`, chrome.port));
      const m = (key: keyof Scores) => median(samples.map((s) => s[key]));
      lines.push(
        `| ${route} | ${kb} | ${supabase} | ${m('performance')} | ${m('accessibility')} | ${m('bestPractices')} | ${m('seo')} | ${m('lcpMs')} | ${m('cls')} |`,
      );
      console.info(lines.at(-1));
    }
  } finally {
    await chrome?.kill();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    await stack?.stop();
  }

  lines.push('', '## Local stack', '');
  const { measureLatency } = await import('../supabase/local/measure-latency');
  const latency = await measureLatency();
  lines.push(
    `Purchases query with a user token (\`select * … order by created_at desc\`), n=${latency.n}: median ${latency.medianMs.toFixed(2)} ms, p95 ${latency.p95Ms.toFixed(2)} ms.`,
  );
  lines.push(
    `Catalogue read with the anon key (\`select * … eq published order by category, sort_order\`), n=${latency.catalogue.n}: median ${latency.catalogue.medianMs.toFixed(2)} ms, p95 ${latency.catalogue.p95Ms.toFixed(2)} ms.`,
  );
  lines.push(
    '',
    `Lighthouse: mobile preset, median of ${runs} runs, ${chromePath}. Initial JS = entry script + modulepreloads of the prerendered HTML.`,
  );
  const report = lines.join('\n') + '\n';
  await mkdir('.bench', { recursive: true });
  await writeFile('.bench/report.md', report);
  console.info('\n' + report);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
