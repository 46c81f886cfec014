// Offline at once (docs/offline-listening.md "Offline at once"): on the slow-phone profile (e2e/slow-phone.ts's
// 4x CPU slowdown, 375 px) with the network off, a cold start of My Account (the offline worker answers the
// page and its code from its precache): the time from the navigation to the first paint, and to the audio saved
// on this device being on screen (its "Play … from this device" button). The demo customer saves one audio
// first, online. Median of `runs` loads. A benchmark, never a pass/fail test.
// Run alone: npx tsx scripts/bench-offline.ts [--runs 5] (PORT and SUPABASE_LOCAL_PORT pick the ports).
import { chromium, type Page } from '@playwright/test';
import { slowPhone } from '../e2e/slow-phone';
import { startLocalStack } from '../supabase/local/server';
import { localBuildEnvironment, readPort } from './build-config';
import { buildIfNeeded } from './build';
import type { BenchSection } from './bench-figures';
import { startStaticServer } from './static-server';

const CUSTOMER = { email: 'customer@example.com', password: 'password123' };
/** The newest of the demo customer's audios (supabase/local/seed/demo-purchases.ts). */
const TITLE = 'Deep Relaxation Foundations';

/** The median of the values measured (a load whose paint entry is missing is left out of that column). */
const median = (values: number[]) => {
  const measured = values.filter(Number.isFinite).sort((a, b) => a - b);
  return measured[Math.floor(measured.length / 2)] ?? NaN;
};

async function signInAndSave(page: Page): Promise<void> {
  await page.goto('/auth?redirectTo=%2Faccount');
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  await page.getByLabel('Email', { exact: true }).fill(CUSTOMER.email);
  await page.getByLabel('Password', { exact: true }).fill(CUSTOMER.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  // Saved on a wide screen, where each row shows its actions (a phone keeps them in the row's menu); the cold
  // start is then measured at the phone's width.
  const phone = page.viewportSize();
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole('button', { name: `Save for offline: ${TITLE}` }).click({ timeout: 60_000 });
  await page
    .getByRole('button', { name: `Remove from this device: ${TITLE}` })
    .first()
    .waitFor();
  // A worker controls only pages loaded in its scope: My Account once more, then it answers offline.
  await page.reload();
  await page.waitForFunction(() => Boolean(navigator.serviceWorker.controller), undefined, {
    timeout: 60_000,
  });
  if (phone) await page.setViewportSize(phone);
}

/** Runs the offline cold-start measure and returns its Markdown lines and README's figure. */
export async function runOfflineBench({
  siteUrl,
  runs = 5,
  chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
}: {
  siteUrl: string;
  runs?: number;
  chromePath?: string;
}): Promise<BenchSection> {
  const browser = await chromium.launch({
    executablePath: chromePath,
    args: ['--no-sandbox', '--disable-gpu'],
  });
  const samples: { paint: number; saved: number }[] = [];
  try {
    const context = await browser.newContext({
      baseURL: siteUrl,
      viewport: slowPhone.viewport,
      serviceWorkers: 'allow',
    });
    await context.addInitScript(() => {
      localStorage.setItem('cookie-consent', 'true');
      localStorage.setItem(
        'cookie-preferences',
        JSON.stringify({ essential: true, analytics: false, functional: false, marketing: false }),
      );
    });
    const page = await context.newPage();
    await signInAndSave(page);
    await context.setOffline(true);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowPhone.cpuSlowdown });
    for (let run = 0; run < runs; run += 1) {
      await page.goto('/account', { waitUntil: 'commit' });
      await page.waitForFunction(
        (title) =>
          [...document.querySelectorAll('button')].some(
            (button) =>
              button.getAttribute('aria-label') === `Play ${title} from this device` &&
              button.checkVisibility(),
          ),
        TITLE,
        { timeout: 60_000, polling: 'raf' },
      );
      samples.push(
        await page.evaluate(() => ({
          paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
          saved: performance.now(),
        })),
      );
      console.info(`offline cold start ${run + 1}: saved list at ${samples.at(-1)!.saved.toFixed(0)} ms`);
    }
    await context.close();
  } finally {
    await browser.close();
  }
  const paint = median(samples.map((s) => s.paint));
  const saved = median(samples.map((s) => s.saved));
  const lines = [
    `Slow-phone profile (${slowPhone.cpuSlowdown}x CPU through the DevTools protocol, 375 px) with the network off: a cold`,
    "start of My Account from the offline worker's precache, signed in, one audio saved on the device. Median of",
    `${runs} loads, from the navigation. The account check runs behind the page (docs/offline-listening.md "Offline at once").`,
    '',
    '| first paint ms | saved list on screen ms | range ms |',
    '| ---: | ---: | ---: |',
    `| ${paint.toFixed(0)} | ${saved.toFixed(0)} | ${Math.min(...samples.map((s) => s.saved)).toFixed(0)}–${Math.max(...samples.map((s) => s.saved)).toFixed(0)} |`,
  ];
  const figure = {
    what: 'Offline cold start of My Account, saved audio on screen (slow phone, network off, median)',
    value: `${saved.toFixed(0)} ms (first paint ${paint.toFixed(0)} ms)`,
    command: 'npx tsx scripts/bench-offline.ts',
  };
  return { lines, figures: [figure] };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const sitePort = readPort('PORT', 4392);
  const stackPort = readPort('SUPABASE_LOCAL_PORT', 54392);
  const index = process.argv.indexOf('--runs');
  const runs = index >= 0 ? Number(process.argv[index + 1]) : 5;
  localBuildEnvironment(sitePort, stackPort);
  await buildIfNeeded();
  const siteUrl = `http://localhost:${sitePort}`;
  const stack = await startLocalStack({ port: stackPort, dataDir: null, siteUrl, quiet: true });
  const server = await startStaticServer({ distDir: 'dist', port: sitePort });
  try {
    console.info(
      (await runOfflineBench({ siteUrl, runs: Number.isInteger(runs) && runs > 0 ? runs : 5 })).lines.join(
        '\n',
      ),
    );
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await stack.stop();
  }
  process.exit(0);
}
