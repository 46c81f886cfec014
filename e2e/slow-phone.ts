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

export async function throttleLikeASlowPhone(page: Page, { cpu = true }: { cpu?: boolean } = {}): Promise<void> {
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
