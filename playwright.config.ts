import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

// End-to-end tests in Debian's Chromium against the production build and an in-memory local stack,
// on their own ports so a running `npm start` is left alone.
// E2E_SITE_PORT / E2E_STACK_PORT let two checkouts run their suites side by side.
const sitePort = Number(process.env.E2E_SITE_PORT ?? 4310);
const stackPort = Number(process.env.E2E_STACK_PORT ?? 54329);
// Debian's Chromium headless shell when installed (Playwright's own headless browser; about a fifth less CPU
// than full Chromium in headless mode, docs/decisions/0014-e2e-in-chromium-headless-shell.md), else Chromium.
const chromium =
  process.env.CHROMIUM_PATH ??
  ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((file) => existsSync(file)) ??
  '/usr/bin/chromium';

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['json'], ['line']] : [['line']],
  use: {
    baseURL: `http://localhost:${sitePort}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } } },
  ],
  webServer: {
    command: 'npx tsx scripts/start.ts --in-memory',
    url: `http://localhost:${sitePort}/`,
    reuseExistingServer: false,
    timeout: 180_000,
    env: {
      PORT: String(sitePort),
      SUPABASE_LOCAL_PORT: String(stackPort),
      // 20-second audio links (deployed: 5 minutes), so every listen in the suite crosses link refreshes.
      AUDIO_URL_SECONDS: '20',
      // Every request of the suite comes from this machine: hosted's 30 sign-ins per 5 minutes would stop it.
      SUPABASE_LOCAL_AUTH_RATE_LIMIT: '100000',
      // Journeys email one address more than once a minute (two sign-ups for one address, a reset after a
      // sign-up link); the 60 s per-address limit has its own contract test (tests/contract/auth-email-frequency).
      SUPABASE_LOCAL_EMAIL_MAX_FREQUENCY: '0',
      // The stack signs user tokens with this test-only ES256 key (worthless anywhere else), so a test can sign
      // one as the stack would, e.g. a sign-in aged past 10 minutes (e2e/admin-reauth.spec.ts).
      SUPABASE_LOCAL_SIGNING_KEY_FILE: 'e2e/local-signing-key.json',
    },
  },
});
