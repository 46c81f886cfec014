// The player's benchmark: how long from pressing Play on My Account to the audio playing, and how much
// JavaScript the first Play fetches. Debian's Chromium against the production build and an in-memory local
// stack (the demo customer's three audios), one play at a time:
// - first play: a fresh page (new browser context, signed in), Play pressed: the player's lazily loaded
//   chunk, the signed URL and the first bytes of audio. The click event to the media element's 'playing'.
// - next play: the player already loaded, Play pressed on another audio (a new signed URL and stream).
// - first play a second after My Account shows: as a person presses it (the page mints the first audios'
//   links ahead and fetches the player's code while idle, docs/audio-links.md "Minted ahead").
// A benchmark, never a pass/fail test (budgets are measured here, not by timed tests).
// Run alone: npx tsx scripts/bench-player.ts [--runs 7] (PORT and SUPABASE_LOCAL_PORT pick the ports).
import { readFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type Page } from '@playwright/test';
import { startLocalStack } from '../supabase/local/server';
import { localBuildEnvironment } from './build-config';
import { buildIfNeeded } from './build';
import type { BenchSection } from './bench-figures';
import { startStaticServer } from './static-server';

const CUSTOMER = { email: 'customer@example.com', password: 'password123' };
/** The demo order's audios (supabase/local/seed/demo-purchases.ts). */
const TITLES = ['Deep Relaxation Foundations', 'Calm Mind, Easy Breathing', 'Sleep Deeply Tonight'];

export interface PlayerBenchOptions {
  sitePort?: number;
  stackPort?: number;
  /** Plays measured of each kind. */
  runs?: number;
  chromePath?: string;
}

type BenchWindow = Window & { __bench: { clickAt: number | null; times: number[] } };

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
}

const loads = () =>
  loadavg()
    .map((load) => load.toFixed(2))
    .join(' / ');

/** Scripts of the site the page fetched, in order (paths under /assets). */
const scriptsOf = new WeakMap<Page, string[]>();

/** Consent answered and the safety notice acknowledged; the click on a Play button to 'playing', timed. */
async function preparePage(browser: Browser, siteUrl: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: siteUrl, viewport: { width: 1280, height: 800 } });
  await context.addInitScript(() => {
    localStorage.setItem('cookie-consent', 'true');
    localStorage.setItem(
      'cookie-preferences',
      JSON.stringify({ essential: true, analytics: false, functional: false, marketing: false }),
    );
    localStorage.setItem('hypnotherapy-listening-safety', 'acknowledged');
    const w = window as unknown as BenchWindow;
    w.__bench = { clickAt: null, times: [] };
    document.addEventListener(
      'click',
      (event) => {
        const label = (event.target as Element | null)?.closest('button')?.getAttribute('aria-label') ?? '';
        if (label.startsWith('Play ')) w.__bench.clickAt = performance.now();
      },
      true,
    );
    const hooked = new WeakSet<HTMLMediaElement>();
    const play = HTMLMediaElement.prototype.play;
    HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
      if (!hooked.has(this)) {
        hooked.add(this);
        this.addEventListener('playing', () => {
          if (w.__bench.clickAt === null) return;
          w.__bench.times.push(performance.now() - w.__bench.clickAt);
          w.__bench.clickAt = null;
        });
      }
      return play.call(this);
    };
  });
  const page = await context.newPage();
  const scripts: string[] = [];
  scriptsOf.set(page, scripts);
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (request.resourceType() === 'script' && path.startsWith('/assets/')) scripts.push(path.slice(1));
  });
  await page.goto('/auth?redirectTo=%2Faccount');
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  await page.getByLabel('Email', { exact: true }).fill(CUSTOMER.email);
  await page.getByLabel('Password', { exact: true }).fill(CUSTOMER.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.getByRole('button', { name: `Play ${TITLES[0]}` }).waitFor({ timeout: 60_000 });
  return page;
}

/** Presses Play on `title` and returns the click → 'playing' time (ms), then pauses. */
async function timePlay(page: Page, title: string, played: number): Promise<number> {
  await page.getByRole('button', { name: `Play ${title}` }).click();
  await page.waitForFunction(
    (count) => (window as unknown as BenchWindow).__bench.times.length > count,
    played,
    { timeout: 60_000 },
  );
  const time = await page.evaluate(
    (index) => (window as unknown as BenchWindow).__bench.times[index]!,
    played,
  );
  await page.getByRole('region', { name: 'Audio player' }).getByRole('button', { name: 'Pause' }).click();
  return time;
}

async function gzipKiB(file: string): Promise<number> {
  return gzipSync(await readFile(join('dist', file)), { level: 9 }).length / 1024;
}

/** Runs the player's benchmark and returns its Markdown lines and README's figure. */
export async function runPlayerBench({
  sitePort = 4390,
  stackPort = 54390,
  runs = 7,
  chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
}: PlayerBenchOptions = {}): Promise<BenchSection> {
  localBuildEnvironment(sitePort, stackPort);
  await buildIfNeeded();

  const siteUrl = `http://localhost:${sitePort}`;
  const loadBefore = loads();
  const stack = await startLocalStack({ port: stackPort, dataDir: null, siteUrl, quiet: true });
  const server = await startStaticServer({ distDir: 'dist', port: sitePort });
  const browser = await chromium.launch({
    executablePath: chromePath,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  });
  try {
    // One warm-up page (the first sign-in and the first stream of a fresh stack), not counted.
    const warmUp = await preparePage(browser, siteUrl);
    await timePlay(warmUp, TITLES[0]!, 0);
    await warmUp.context().close();

    const first: number[] = [];
    const next: number[] = [];
    const settled: number[] = [];
    let chunkFiles: string[] = [];
    let clickFiles: string[] = [];
    for (let run = 0; run < runs; run += 1) {
      const page = await preparePage(browser, siteUrl);
      const scripts = scriptsOf.get(page)!;
      const beforeClick = scripts.length;
      first.push(await timePlay(page, TITLES[run % TITLES.length]!, 0));
      if (run === 0) {
        chunkFiles = [...scripts];
        clickFiles = scripts.slice(beforeClick);
        // Further plays on this page, the player loaded: each another audio than the one before.
        for (let i = 1; i <= runs; i += 1) next.push(await timePlay(page, TITLES[i % TITLES.length]!, i));
      }
      await page.context().close();
      // A person reads the page before pressing: a second after My Account shows.
      const reader = await preparePage(browser, siteUrl);
      await reader.waitForTimeout(1000);
      settled.push(await timePlay(reader, TITLES[run % TITLES.length]!, 0));
      await reader.context().close();
    }

    // The bar and the player's host part load as one chunk (src/features/player/player-host.tsx).
    const barFile = chunkFiles.find((file) => /\/loaded-player-[\w-]+\.js$/.test(file));
    if (!barFile) throw new Error(`no loaded-player chunk was fetched (fetched: ${chunkFiles.join(', ')})`);
    const barKiB = await gzipKiB(barFile);
    let clickKiB = 0;
    for (const file of new Set(clickFiles)) clickKiB += await gzipKiB(file);

    const row = (label: string, values: number[]) =>
      `| ${label} | ${percentile(values, 50).toFixed(0)} ms | ${Math.min(...values).toFixed(0)}–${Math.max(...values).toFixed(0)} ms | ${values.length} |`;
    const lines = [
      `Press Play on My Account → the audio playing (the click event to the media element's 'playing'), Debian's Chromium, production build, in-memory local stack, one play at a time. Load average (1 / 5 / 15 min) before: ${loadBefore}; after: ${loads()} (2 cores shared).`,
      '',
      '| Play | median | range | n |',
      '|---|---:|---:|---:|',
      row("first play on a fresh page (loads the player's chunk, signs the URL, buffers)", first),
      row('another audio with the player loaded (signs the URL, buffers)', next),
      row('first play pressed 1 s after My Account shows (link minted ahead, player code fetched while idle)', settled),
      '',
      `JavaScript of the player (nothing of it is in a page's initial load; My Account fetches it while idle, or the first Play does): the player's chunk (bar and host part) \`${barFile.replace(/^assets\//, '')}\` ${barKiB.toFixed(1)} KiB gzip; fetched between the click and 'playing' on a fresh page: ${clickKiB.toFixed(1)} KiB gzip (${[...new Set(clickFiles)].map((file) => `\`${file.replace(/^assets\//, '')}\``).join(', ') || 'nothing'}).`,
    ];
    const figure = {
      what: 'Press Play → playing, first play on a fresh My Account (median)',
      value: `${percentile(first, 50).toFixed(0)} ms; the player's chunk ${barKiB.toFixed(1)} KiB gzip, none of it in a page's first load`,
      command: 'npx tsx scripts/bench-player.ts',
    };
    return { lines, figures: [figure] };
  } finally {
    await browser.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await stack.stop();
  }
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop()!)) {
  const index = process.argv.indexOf('--runs');
  const runs = index >= 0 ? Number(process.argv[index + 1]) : 7;
  const port = (name: string) => (process.env[name] ? Number(process.env[name]) : undefined);
  const lines = await runPlayerBench({
    runs: Number.isInteger(runs) && runs > 0 ? runs : 7,
    sitePort: port('PORT'),
    stackPort: port('SUPABASE_LOCAL_PORT'),
  });
  console.info(lines.lines.join('\n'));
  process.exit(0);
}
