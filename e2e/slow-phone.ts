import type { Page } from '@playwright/test';

// The phone Lighthouse models (its mobile preset): 4x CPU slowdown and slow 4G (150 ms round trip, 1.6 Mbit/s
// down, 750 kbit/s up, at Lighthouse's 90 % of nominal), applied to the real load through the DevTools
// protocol. Used by e2e/first-paint.spec.ts and the bench's first-input measure (scripts/bench-first-input.ts).
export const slowPhone = {
  cpuSlowdown: 4,
  latencyMs: 150,
  downloadBytesPerSecond: (1.6 * 1024 * 1024 * 0.9) / 8,
  uploadBytesPerSecond: (750 * 1024 * 0.9) / 8,
  viewport: { width: 375, height: 667 },
} as const;

export async function throttleLikeASlowPhone(
  page: Page,
  { cpu = true }: { cpu?: boolean } = {},
): Promise<void> {
  const session = await page.context().newCDPSession(page);
  await session.send('Network.enable');
  await session.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: slowPhone.latencyMs,
    downloadThroughput: slowPhone.downloadBytesPerSecond,
    uploadThroughput: slowPhone.uploadBytesPerSecond,
  });
  if (cpu) await session.send('Emulation.setCPUThrottlingRate', { rate: slowPhone.cpuSlowdown });
}

/**
 * Holds the app's entry script (the boot loader's `data-entry`) until `release` is called, so what a test does
 * before then happens before the page's code has run, on any machine, however fast. The page's other chunks
 * still download meanwhile (the boot loader preloads them), as they would on a phone.
 */
export async function holdTheAppCode(page: Page): Promise<{ release: () => void }> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return { release };
}
