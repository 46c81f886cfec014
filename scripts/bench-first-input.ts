// The window in which a marketing page is on screen but its code has not yet taken it over: per route, on the
// slow-phone profile (e2e/slow-phone.ts: Lighthouse's 4x CPU slowdown and slow 4G, applied through the
// DevTools protocol), the time from the first paint (the header's menu button and the cookie banner are in it)
// to the app's code starting (src/main.tsx marks 'app-start') and to the page being taken over (<html
// data-hydrated>). Taps in that window are kept and carried out (docs/decisions/0001-islands.md). Median of
// `runs` loads. A benchmark, never a pass/fail test. Run alone: npx tsx scripts/bench-first-input.ts
import { chromium } from '@playwright/test';
import { slowPhone, throttleLikeASlowPhone } from '../e2e/slow-phone';
import { localBuildEnvironment, readPort } from './build-config';
import { buildIfNeeded } from './build';
import type { BenchSection } from './bench-figures';
import { adoptedRoutes } from './site-routes';
import { startStaticServer } from './static-server';


const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

export async function runFirstInputBench({
  siteUrl,
  routes = adoptedRoutes,
  runs = 3,
  chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
}: { siteUrl: string; routes?: readonly string[]; runs?: number; chromePath?: string }): Promise<BenchSection> {
  const browser = await chromium.launch({ executablePath: chromePath, args: ['--no-sandbox', '--disable-gpu'] });
  const lines = [
    'Slow-phone profile (4x CPU, slow 4G through the DevTools protocol), 375 px, first visit (the banner shown),',
    `median of ${runs} loads. First paint: the first contentful paint (the header's controls and the banner are`,
    "in it). The window is first paint → page taken over: taps in it are kept and carried out by the before-paint",
    'scripts (docs/decisions/0001-islands.md).',
    '',
    '| Route | first paint ms | code starts ms | page taken over ms | window ms |',
    '| --- | ---: | ---: | ---: | ---: |',
  ];
  const windows: number[] = [];
  try {
    for (const route of routes) {
      const samples: { paint: number; code: number; live: number }[] = [];
      for (let run = 0; run < runs; run += 1) {
        const context = await browser.newContext({ viewport: slowPhone.viewport });
        const page = await context.newPage();
        await throttleLikeASlowPhone(page);
        await page.goto(`${siteUrl}${route}`, { waitUntil: 'commit' });
        await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true', undefined, {
          timeout: 60_000,
          polling: 'raf',
        });
        const at = await page.evaluate(() => ({
          paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
          code: performance.getEntriesByName('app-start')[0]?.startTime ?? NaN,
          live: performance.now(),
        }));
        samples.push(at);
        await context.close();
      }
      const paint = median(samples.map((s) => s.paint));
      const code = median(samples.map((s) => s.code));
      const live = median(samples.map((s) => s.live));
      lines.push(`| ${route} | ${paint.toFixed(0)} | ${code.toFixed(0)} | ${live.toFixed(0)} | ${(live - paint).toFixed(0)} |`);
      windows.push(live - paint);
      console.info(lines.at(-1));
    }
  } finally {
    await browser.close();
  }
  const figure = {
    what: 'Slow phone: first paint → page taken over, marketing pages (taps in between are kept)',
    value: `${Math.min(...windows).toFixed(0)}–${Math.max(...windows).toFixed(0)} ms (median of ${runs} loads per route)`,
    command: 'npx tsx scripts/bench-first-input.ts',
  };
  return { lines, figures: [figure] };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const sitePort = readPort('PORT', 4391);
  const stackPort = readPort('SUPABASE_LOCAL_PORT', 54391);
  localBuildEnvironment(sitePort, stackPort);
  await buildIfNeeded();
  const server = await startStaticServer({ distDir: 'dist', port: sitePort });
  const routes = process.argv.filter((a) => a.startsWith('--route=')).map((a) => a.slice(8));
  try {
    await runFirstInputBench({ siteUrl: `http://localhost:${sitePort}`, routes: routes.length ? routes : adoptedRoutes });
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
