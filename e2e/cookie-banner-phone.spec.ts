import type { Page } from '@playwright/test';
import { axeProblems } from './axe';
import { expect, test, waitForHydration } from './fixtures';

// The cookie banner on a first visit to / (docs/cookie-banner.md): compact on a phone, so the hero's call to
// action shows whole between the header and the banner, within the consent rules (docs/product-rules.md D16):
// 'Essential Only' as prominent as 'Accept All', 'Customize' at hand, nothing optional before a choice. The
// banner's height is what the page keeps clear for focus (--cookie-banner-height). Screenshots at each width
// and palette are attached to the test's results.

const views = [
  { width: 320, height: 568 },
  { width: 320, height: 640 },
  { width: 375, height: 667 },
  { width: 375, height: 812 },
  { width: 1280, height: 800 },
];

async function measure(page: Page) {
  return page.evaluate(() => {
    const box = (element: Element | null | undefined) => element?.getBoundingClientRect() ?? null;
    // The hero's booking link, the first on the page (its label adds that it opens a new tab).
    const cta = [...document.querySelectorAll('main a')].find((link) =>
      link.textContent?.includes('Schedule 50-Minute Appointment'),
    );
    const banner = box(document.getElementById('cookie-banner'));
    return {
      cta: box(cta),
      headerBottom: box(document.querySelector('header'))?.bottom ?? 0,
      bannerTop: banner?.top ?? 0,
      bannerHeight: banner?.height ?? 0,
      bannerProperty: document.documentElement.style.getPropertyValue('--cookie-banner-height'),
      overflow: document.documentElement.scrollWidth - window.innerWidth,
    };
  });
}

for (const palette of ['default', 'high-contrast'] as const) {
  for (const { width, height } of views) {
    test(`first visit at ${width}×${height} (${palette}): the call to action shows above the banner`, async ({
      page,
    }, testInfo) => {
      const optional: string[] = [];
      page.on('request', (request) => {
        if (!new URL(request.url()).hostname.match(/^(localhost|127\.0\.0\.1)$/))
          optional.push(request.url());
      });
      await page.setViewportSize({ width, height });
      await page.emulateMedia({ reducedMotion: 'reduce' });
      if (palette === 'high-contrast')
        await page.addInitScript(() =>
          localStorage.setItem('accessibility-settings', JSON.stringify({ highContrast: true })),
        );
      await page.goto('/');
      const region = page.getByRole('region', { name: 'Cookies on this site' });
      await expect(region).toBeVisible();
      await waitForHydration(page);

      const shown = await measure(page);
      const cta = shown.cta!;
      expect(cta, 'the hero call to action').not.toBeNull();
      expect(cta.top).toBeGreaterThanOrEqual(shown.headerBottom);
      expect(
        cta.bottom,
        `call to action ${cta.top}..${cta.bottom}, banner from ${shown.bannerTop}`,
      ).toBeLessThanOrEqual(shown.bannerTop);
      expect(shown.bannerProperty).toBe(`${Math.ceil(shown.bannerHeight)}px`);
      expect(shown.overflow).toBeLessThanOrEqual(0);

      // Equal prominence: the same look and size for both choices.
      const look = (name: string) =>
        region.getByRole('button', { name }).evaluate((element) => {
          const style = getComputedStyle(element);
          const box = element.getBoundingClientRect();
          return [
            style.backgroundColor,
            style.color,
            style.fontSize,
            style.fontWeight,
            Math.round(box.width),
            Math.round(box.height),
          ];
        });
      expect(await look('Essential Only')).toEqual(await look('Accept All'));
      await expect(region.getByRole('button', { name: 'Customize' })).toBeInViewport({ ratio: 1 });
      await expect(region.getByRole('link', { name: 'Read our privacy policy' })).toBeInViewport({
        ratio: 1,
      });

      expect(await axeProblems(page), `axe at ${width}px (${palette})`).toEqual([]);
      const screenshot = testInfo.outputPath(`home-${width}x${height}-${palette}.png`);
      await page.screenshot({ path: screenshot });
      await testInfo.attach('first view', { path: screenshot, contentType: 'image/png' });

      // 'Customize' opens the detail view; nothing optional was requested before a choice.
      await region.getByRole('button', { name: 'Customize' }).click();
      await expect(page.getByRole('heading', { name: 'Cookie preferences' })).toBeFocused();
      expect(optional).toEqual([]);
    });
  }
}
