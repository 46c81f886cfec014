import type { Page, Route } from '@playwright/test';
import { answerConsent, expect as baseExpect, test, waitForHydration } from './fixtures';

// The prerendered shop pages carry the catalogue of the last build; once the page is idle the live catalogue
// replaces it (docs/catalogue-rebuild.md). Until the site is rebuilt after a change, that replacement brings new
// prices, new items and categories in a new order: what the visitor is looking at must stay where it is.
//
// The live answer is the stack's own, changed on its way to the page (a new price for the item in view, a new
// item above it, the last category moved to the top): nothing in the shared database changes, so the tests
// running beside this one see the catalogue they expect.

const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 90_000 });

type Row = Record<string, unknown> & { slug: string; category: string; sort_order: number };

/** Holds the page's live catalogue reads until `release`, then answers them with the stack's rows, changed. */
async function holdLiveCatalogue(page: Page, change: (table: 'products' | 'packages', rows: Row[]) => Row[]) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const handle = async (route: Route, table: 'products' | 'packages') => {
    await released;
    const response = await route.fetch();
    const rows = (await response.json()) as Row[];
    const headers = { ...response.headers() };
    // The body changes: the stack's length and encoding no longer describe it.
    delete headers['content-length'];
    delete headers['content-encoding'];
    await route.fulfill({ status: response.status(), headers, json: change(table, rows) });
  };
  await page.route(/\/rest\/v1\/products\?/, (route) => handle(route, 'products'));
  await page.route(/\/rest\/v1\/packages\?/, (route) => handle(route, 'packages'));
  return release;
}

/** Top of an element (by its keep-in-view key) relative to the viewport. */
function topOf(page: Page, key: string): Promise<number> {
  return page.evaluate(
    (k) => document.querySelector(`[data-keep-in-view="${k}"]`)?.getBoundingClientRect().top ?? Number.NaN,
    key,
  );
}

/**
 * Where the element rests once the page has settled (fonts, a smooth scroll to a #fragment, late layout on a
 * busy machine): two reads a poll interval apart agree. Only the live read may move it after this.
 */
async function settledTopOf(page: Page, key: string): Promise<number> {
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  let top = Number.NaN;
  await expect
    .poll(async () => {
      const now = await topOf(page, key);
      const settled = now === top;
      top = now;
      return settled;
    })
    .toBe(true);
  return top;
}

/** The stack's product rows with the one in view repriced, a new item first and the last category first. */
function changedProducts(inView: string, pricePence: number) {
  return (table: 'products' | 'packages', rows: Row[]): Row[] => {
    if (table !== 'products') return rows;
    const last = rows.reduce((a, b) => (b.sort_order > a.sort_order ? b : a)).category;
    const first = rows.reduce((a, b) => (b.sort_order < a.sort_order ? b : a));
    return [
      {
        ...first,
        id: crypto.randomUUID(),
        slug: 'e2e-live-arrival',
        title: 'E2E Live Arrival',
        sort_order: -1,
      },
      ...rows.map((row) => ({
        ...row,
        price_pence: row.slug === inView ? pricePence : row.price_pence,
        sort_order: row.category === last ? row.sort_order - 100_000 : row.sort_order,
      })),
    ];
  };
}

test.beforeEach(async ({ page }) => {
  await answerConsent(page);
});

// Tennis Focus: content above it grows (a new audio, a whole category). Wake Refreshed: its own category
// (the last) moves to the top, so the card itself moves up by thousands of pixels.
const inView = [
  { slug: 'tennis-focus', case: 'content above it grows' },
  { slug: 'wake-refreshed', case: 'its category moves to the top' },
];

for (const width of [375, 1280]) {
  for (const { slug, case: what } of inView) {
    test(`/individual-audios at ${width}px, ${what}: the live price replaces the old one and the audio stays put`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 800 });
      const release = await holdLiveCatalogue(page, changedProducts(slug, 349));
      await page.goto('/individual-audios');
      await waitForHydration(page);
      const item = page.locator(`[data-keep-in-view="product:${slug}"]`);
      await item.evaluate((element) => element.scrollIntoView({ block: 'center', behavior: 'instant' }));
      await expect(item).toContainText('£2.99');
      const before = await settledTopOf(page, `product:${slug}`);

      release();
      await expect(item).toContainText('£3.49');
      // The moved category and the new audio are above it now.
      await expect(page.getByRole('heading', { level: 3, name: 'E2E Live Arrival' })).toHaveCount(1);
      const headings = await page.getByRole('heading', { level: 2 }).allTextContents();
      expect(headings.indexOf('Insomnia')).toBeLessThan(headings.indexOf('Sports Performance'));
      await page.evaluate(() => new Promise(requestAnimationFrame));
      expect(Math.abs((await topOf(page, `product:${slug}`)) - before)).toBeLessThanOrEqual(1);
      await expect(item).toBeInViewport();
    });
  }

  test(`/individual-audios#category-weight-management at ${width}px: the category stays where the link put it`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    const release = await holdLiveCatalogue(page, changedProducts('mindful-eating', 349));
    await page.goto('/individual-audios#category-weight-management');
    await waitForHydration(page);
    const key = 'category:category-weight-management';
    await expect.poll(() => topOf(page, key)).toBeLessThan(200);
    const before = await settledTopOf(page, key);
    expect(before).toBeGreaterThan(0);

    release();
    await expect(page.locator('[data-keep-in-view="product:mindful-eating"]')).toContainText('£3.49');
    await page.evaluate(() => new Promise(requestAnimationFrame));
    expect(Math.abs((await topOf(page, key)) - before)).toBeLessThanOrEqual(1);
  });

  test(`/audio-library at ${width}px: a new package above and a new price leave the package in view in place`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    // A package no other test changes (e2e/admin.spec.ts changes the skin problems one's price for minutes).
    const slug = 'sports-performance-package';
    const release = await holdLiveCatalogue(page, (table, rows) => {
      if (table !== 'packages') return rows;
      const first = rows[0]!;
      return [
        {
          ...first,
          id: crypto.randomUUID(),
          slug: 'e2e-live-package',
          title: 'E2E Live Package',
          sort_order: -1,
        },
        ...rows.map((row) => (row.slug === slug ? { ...row, price_pence: 549 } : row)),
      ];
    });
    await page.goto('/audio-library');
    await waitForHydration(page);
    const card = page.locator(`[data-keep-in-view="package:${slug}"]`);
    await card.evaluate((element) => element.scrollIntoView({ block: 'center', behavior: 'instant' }));
    await expect(card).toContainText('£6.99');
    const before = await settledTopOf(page, `package:${slug}`);

    release();
    await expect(card).toContainText('£5.49');
    await expect(page.getByRole('heading', { level: 2, name: 'E2E Live Package' })).toHaveCount(1);
    await page.evaluate(() => new Promise(requestAnimationFrame));
    expect(Math.abs((await topOf(page, `package:${slug}`)) - before)).toBeLessThanOrEqual(1);
    await expect(card).toBeInViewport();
  });
}
