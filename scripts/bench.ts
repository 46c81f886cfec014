import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { localBuildEnvironment, readPort } from './build-config';
import { buildIfNeeded } from './build';
import { initialJsBudgetBytes, otherPagesAboveBudget, pagesOverBudget, type PageSize } from './bench-budget';
import {
  figuresTable,
  pageFigures,
  README_MARKERS,
  replaceBetweenMarkers,
  REPORT_MARKERS,
  type BenchSection,
} from './bench-figures';
import { STATIC_PAGE_ATTRIBUTE } from '../src/components/island/island-attributes';
import { startStaticServer } from './static-server';
import { prerenderedRoutes } from './site-routes';

// `npm run bench`: the performance report. Per prerendered page (scripts/site-routes.ts): the initial
// JavaScript (gzip) of the production build, and Lighthouse's mobile scores and metrics under both throttling
// methods, simulated (Lighthouse's default, what PageSpeed Insights runs) and devtools, each the median of 3
// runs in Debian's Chromium; then the local stack's request latency. A benchmark, not a test, except for one check: it
// exits with an error when a marketing page's initial JavaScript is over the budget (scripts/bench-budget.ts).
// Flags: --no-lighthouse (sizes only), --runs=N, --route=/path (repeatable), --mode=simulate|devtools.
// A full run (every route, both modes) also writes the whole report into docs/performance.md and its figures,
// one line each with the command that measures it, into README.md's "Performance" section (bench-figures.ts).

// PORT and SUPABASE_LOCAL_PORT move it (e.g. beside another engineer's run on the same machine).
const sitePort = readPort('PORT', 4390);
const stackPort = readPort('SUPABASE_LOCAL_PORT', 54390);
const args = process.argv.slice(2);
const runs = Number(args.find((a) => a.startsWith('--runs='))?.split('=')[1] ?? 3);
const withLighthouse = !args.includes('--no-lighthouse');
// --route=/about (repeatable) limits the report to those routes.
const onlyRoutes = args.filter((a) => a.startsWith('--route=')).map((a) => a.slice('--route='.length));
const modeArg = args.find((a) => a.startsWith('--mode='))?.slice('--mode='.length);
const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

type Mode = 'simulate' | 'devtools';
const modes: Mode[] = modeArg === 'simulate' || modeArg === 'devtools' ? [modeArg] : ['simulate', 'devtools'];

function htmlFileFor(route: string): string {
  return route === '/' ? 'dist/index.html' : join('dist', route.slice(1), 'index.html');
}

async function gzipSize(file: string): Promise<{ bytes: number; hasSupabaseJs: boolean }> {
  const source = await readFile(join('dist', file));
  // GoTrueClient is supabase-js's auth client: its presence means the library is in the load.
  return { bytes: gzipSync(source, { level: 9 }).length, hasSupabaseJs: source.includes('GoTrueClient') };
}

/**
 * The JavaScript a first visit downloads before the page is interactive: the prerender step's boot loader
 * names the entry and the modules loaded with it (data-entry, data-preload: the entry's static imports and the
 * page's chunks); a page served as the plain SPA shell has the entry script tag and modulepreload links.
 */
export async function initialJavaScript(
  route: string,
): Promise<{ gzipBytes: number; bannerGzipBytes: number; hasSupabaseJs: boolean; marketing: boolean }> {
  const html = await readFile(htmlFileFor(route), 'utf8');
  const attr = (name: string) =>
    (new RegExp(`<script (?=[^>]*\\bdata-entry=)[^>]*\\b${name}="([^"]*)"`).exec(html)?.[1] ?? '').split(' ');
  const files = [
    ...attr('data-entry'),
    ...attr('data-preload'),
    ...[...html.matchAll(/<script type="module"[^>]*src="([^"]+)"/g)].map((m) => m[1] as string),
    ...[...html.matchAll(/<link rel="modulepreload"[^>]*href="([^"]+)"/g)].map((m) => m[1] as string),
  ].filter(Boolean);
  let gzipBytes = 0;
  let hasSupabaseJs = false;
  for (const file of new Set(files)) {
    const size = await gzipSize(file);
    gzipBytes += size.bytes;
    hasSupabaseJs ||= size.hasSupabaseJs;
  }
  // data-banner: the cookie banner's chunks, which a first visit (no stored choice) fetches as well.
  let bannerGzipBytes = 0;
  for (const file of new Set(attr('data-banner').filter(Boolean)))
    bannerGzipBytes += (await gzipSize(file)).bytes;
  // A marketing page is adopted as prerendered: its markup carries the static-page marker.
  const marketing = html.includes(`${STATIC_PAGE_ATTRIBUTE}=""`);
  return { gzipBytes, bannerGzipBytes, hasSupabaseJs, marketing };
}

async function lighthouseVersion(): Promise<string> {
  const pkg = JSON.parse(await readFile('node_modules/lighthouse/package.json', 'utf8')) as {
    version: string;
  };
  return pkg.version;
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
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Lighthouse's measure of this machine's speed at the time (about 1000+ on an idle desktop CPU). */
  benchmarkIndex: number;
}

async function lighthouseScores(url: string, port: number, mode: Mode): Promise<Scores> {
  // Now and then a run fails in Lighthouse itself (a gatherer times out, the trace has no paint): its metrics
  // are missing, and one missing value would make the median meaningless. Such a run is measured again.
  for (let attempt = 1; ; attempt += 1) {
    const scores = await lighthouseRun(url, port, mode);
    if (Object.values(scores).every(Number.isFinite)) return scores;
    if (attempt === 3) throw new Error(`Lighthouse failed ${attempt} times in a row on ${url} (${mode})`);
    console.warn(`Lighthouse returned incomplete metrics for ${url} (${mode}); measuring again`);
  }
}

async function lighthouseRun(url: string, port: number, mode: Mode): Promise<Scores> {
  // Lighthouse's defaults are the mobile preset (Moto G Power screen, slow 4G, 4x CPU slowdown).
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', throttlingMethod: mode });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { categories, audits } = result.lhr;
  const score = (key: string) => Math.round((categories[key]?.score ?? Number.NaN) * 100);
  const ms = (key: string) => Math.round(audits[key]?.numericValue ?? Number.NaN);
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    fcpMs: ms('first-contentful-paint'),
    lcpMs: ms('largest-contentful-paint'),
    tbtMs: ms('total-blocking-time'),
    cls: Number((audits['cumulative-layout-shift']?.numericValue ?? Number.NaN).toFixed(3)),
    benchmarkIndex: Math.round(result.lhr.environment.benchmarkIndex),
  };
}

function medianScores(samples: Scores[]): Scores {
  const m = (key: keyof Scores) => median(samples.map((s) => s[key]));
  return {
    performance: m('performance'),
    accessibility: m('accessibility'),
    bestPractices: m('bestPractices'),
    seo: m('seo'),
    fcpMs: m('fcpMs'),
    lcpMs: m('lcpMs'),
    tbtMs: m('tbtMs'),
    cls: m('cls'),
    benchmarkIndex: m('benchmarkIndex'),
  };
}

const kib = (bytes: number) => (bytes / 1024).toFixed(1);
const scoreCells = (s: Scores) =>
  `${s.performance}/${s.accessibility}/${s.bestPractices}/${s.seo} | ${s.fcpMs} | ${s.lcpMs} | ${s.tbtMs} | ${s.cls} | ${s.benchmarkIndex}`;
const modeLabel: Record<Mode, string> = { simulate: 'simulated', devtools: 'devtools' };

/**
 * Further report sections, each run after the pages (e.g. the checkout's and the admin dashboard's
 * benchmarks, scripts/bench-checkout.ts, scripts/bench-money.ts and scripts/bench-admin.ts): each returns its
 * Markdown lines and its figures for README.md.
 */
const extraSections: { title: string; run: () => Promise<BenchSection> }[] = [
  {
    title: 'Local stack',
    run: async () => {
      const { measureLatency } = await import('../supabase/local/measure-latency');
      const latency = await measureLatency();
      return {
        lines: [
          `Purchases query with a user token (\`select * … order by created_at desc\`), n=${latency.n}: median ${latency.medianMs.toFixed(2)} ms, p95 ${latency.p95Ms.toFixed(2)} ms.`,
          `Catalogue read with the anon key (\`select * … eq published order by category, sort_order\`), n=${latency.catalogue.n}: median ${latency.catalogue.medianMs.toFixed(2)} ms, p95 ${latency.catalogue.p95Ms.toFixed(2)} ms.`,
        ],
        figures: [
          {
            what: 'Local stack, a typical supabase-js query (median)',
            value: `${latency.medianMs.toFixed(2)} ms (purchases, user token), ${latency.catalogue.medianMs.toFixed(2)} ms (catalogue, anon key)`,
            command: 'npx tsx supabase/local/measure-latency.ts',
          },
        ],
      };
    },
  },
  {
    title: 'First input (slow phone)',
    run: async () => {
      const server = await startStaticServer({ distDir: 'dist', port: sitePort });
      try {
        return await (await import('./bench-first-input')).runFirstInputBench({
          siteUrl: `http://localhost:${sitePort}`,
        });
      } finally {
        await new Promise<void>((resolve) => server.close(() => resolve()));
      }
    },
  },
  {
    title: 'Offline cold start (slow phone)',
    run: async () => {
      const { startLocalStack } = await import('../supabase/local/server');
      const siteUrl = `http://localhost:${sitePort}`;
      const stack = await startLocalStack({ port: stackPort, dataDir: null, siteUrl, quiet: true });
      const server = await startStaticServer({ distDir: 'dist', port: sitePort });
      try {
        return await (await import('./bench-offline')).runOfflineBench({ siteUrl });
      } finally {
        await new Promise<void>((resolve) => server.close(() => resolve()));
        await stack.stop();
      }
    },
  },
  {
    title: 'Checkout',
    run: async () => (await import('./bench-checkout')).runCheckoutBench(),
  },
  {
    title: 'Money under load and faults',
    run: async () => (await import('./bench-money')).runMoneyBench(),
  },
  {
    title: 'Player',
    run: async () => (await import('./bench-player')).runPlayerBench({ sitePort, stackPort }),
  },
  {
    title: 'Admin dashboard',
    run: async () => {
      const { adminBenchFigure, adminBenchTable, runAdminBench } = await import('./bench-admin');
      const rows = await runAdminBench();
      return { lines: adminBenchTable(rows).split('\n'), figures: [adminBenchFigure(rows)] };
    },
  },
];

/** Puts `lines` between the markers of a file of the repository (README.md, docs/performance.md). */
async function writeBetweenMarkers(
  file: string,
  markers: { start: string; end: string },
  lines: readonly string[],
): Promise<void> {
  try {
    await writeFile(file, replaceBetweenMarkers(await readFile(file, 'utf8'), markers, lines));
  } catch (error) {
    throw new Error(`${file}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

async function main(): Promise<void> {
  localBuildEnvironment(sitePort, stackPort);
  await buildIfNeeded();
  const routes = prerenderedRoutes.filter((route) => onlyRoutes.length === 0 || onlyRoutes.includes(route));

  const table: string[] = [];
  const jsHeader = '| Route | Initial JS (gzip KiB) | + cookie banner, first visit | supabase-js |';
  const header = withLighthouse
    ? `${jsHeader} ${modes.map((m) => `${modeLabel[m]}: Perf/A11y/BP/SEO | FCP ms | LCP ms | TBT ms | CLS | BI |`).join(' ')}`
    : jsHeader;
  table.push(header, header.replace(/[^|]+/g, ' --- '));

  const sizes: PageSize[] = [];
  const scoresByRoute = new Map<string, Partial<Record<Mode, Scores>>>();
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
      sizes.push({ route, gzipBytes: js.gzipBytes, marketing: js.marketing });
      const jsCells = `| ${route} | ${kib(js.gzipBytes)} | ${kib(js.bannerGzipBytes)} | ${js.hasSupabaseJs ? 'yes' : 'no'} |`;
      if (!chrome) {
        table.push(jsCells);
        continue;
      }
      const cells: string[] = [];
      const routeScores: Partial<Record<Mode, Scores>> = {};
      for (const mode of modes) {
        const samples: Scores[] = [];
        for (let i = 0; i < runs; i += 1)
          samples.push(await lighthouseScores(`http://localhost:${sitePort}${route}`, chrome.port, mode));
        routeScores[mode] = medianScores(samples);
        cells.push(scoreCells(routeScores[mode]));
      }
      scoresByRoute.set(route, routeScores);
      table.push(`${jsCells} ${cells.join(' | ')} |`);
      console.info(table.at(-1));
    }
  } finally {
    await chrome?.kill();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    await stack?.stop();
  }

  const date = new Date().toISOString().slice(0, 10);
  const notes = [
    `Measured ${date}. Initial JS: the entry script, its static imports and the page's chunks, all fetched before`,
    'hydration (a prerendered page starts them after its first paint), gzip level 9, in KiB. A first visit (no',
    "cookie choice stored) also fetches the cookie banner's code before hydrating, shown in its own column.",
  ];
  if (withLighthouse)
    notes.push(
      `Lighthouse ${await lighthouseVersion()}, mobile preset, median of ${runs} runs per throttling method (simulated:`,
      "the default, what PageSpeed Insights runs; devtools: applied to the real load), Debian's Chromium, against",
      "`npm start`'s server. Scores are Performance/Accessibility/Best practices/SEO; BI is Lighthouse's",
      'benchmark index of the machine during the runs (an idle desktop scores 1000 or more; lower means a',
      'loaded machine, and slower timings, above all TBT, which counts main-thread work times 4).',
    );
  const overBudget = pagesOverBudget(sizes);
  const othersAbove = otherPagesAboveBudget(sizes);
  notes.push(
    overBudget.length === 0
      ? `Every marketing page's initial JS is within the budget of ${kib(initialJsBudgetBytes)} KiB.`
      : `Marketing pages over the initial-JS budget of ${kib(initialJsBudgetBytes)} KiB: ${overBudget.join(', ')}.`,
  );
  if (othersAbove.length > 0)
    notes.push(`Other pages above it (not held to it): ${othersAbove.join(', ')}.`);
  const lines = ['## Pages', '', ...notes, '', ...table];
  const figures = pageFigures(
    sizes,
    modes.map((mode) => ({
      label: modeLabel[mode],
      runs,
      byRoute: new Map(
        [...scoresByRoute].flatMap(([route, scores]) => (scores[mode] ? [[route, scores[mode]] as const] : [])),
      ),
    })),
  );
  // A --route run is about those pages; the backend sections run in a whole report.
  if (onlyRoutes.length === 0)
    for (const section of extraSections) {
      const result = await section.run();
      lines.push('', `## ${section.title}`, '', ...result.lines);
      figures.push(...result.figures);
    }

  const report = `# Benchmark report (${date})\n\n${lines.join('\n')}\n`;
  await mkdir('.bench', { recursive: true });
  await writeFile('.bench/report.md', report);
  if (withLighthouse && onlyRoutes.length === 0 && modes.length === 2) {
    await writeBetweenMarkers('docs/performance.md', REPORT_MARKERS, lines.map((line) => line.replace(/^## /, '### ')));
    await writeBetweenMarkers('README.md', README_MARKERS, figuresTable(figures, date));
  }
  console.info('\n' + report);
  if (overBudget.length > 0) {
    console.error(`Marketing pages' initial JS over the budget of ${kib(initialJsBudgetBytes)} KiB: ${overBudget.join(', ')}`);
    process.exitCode = 1;
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
