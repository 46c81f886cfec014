import { sitemapEntries } from '../src/config/sitemap';
import { expect, test, waitForHydration } from './fixtures';

test.describe('prerendered routes', () => {
  for (const entry of sitemapEntries) {
    test(`${entry.path} shows its heading and title`, async ({ page }) => {
      const response = await page.goto(entry.path);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page).toHaveTitle(/\S/);
      await waitForHydration(page);
      // After hydration there is still exactly one title and one description in <head>.
      expect(await page.locator('head title').count()).toBe(1);
      expect(await page.locator('head meta[name="description"]').count()).toBe(1);
    });
  }
});

test('home page: hero, booking button and service cards', async ({ page }) => {
  await page.goto('/');
  const booking = page.getByRole('link', { name: /Schedule 50-Minute Appointment/ }).first();
  // No scheduler username in the suite's build: the local stack's stand-in (docs/appointments.md).
  await expect(booking).toHaveAttribute('href', /\/_local\/scheduler\/[\w-]+\/50min$/);
  await expect(booking).toHaveAttribute('target', '_blank');
  await expect(booking).toHaveAttribute('rel', /noopener/);
  await expect(page.getByRole('link', { name: 'Self-Hypnosis Inception Guide' })).toHaveAttribute(
    'href',
    '/self-hypnosis-guide',
  );
  await expect(page.getByText('Most Popular')).toBeVisible();
  await expect(page.getByText('Coming Soon')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Join Waitlist' })).toBeDisabled();
  const jsonLd = await page.locator('script[type="application/ld+json"]').first().textContent();
  expect(JSON.parse(jsonLd ?? '{}')).toEqual(
    expect.arrayContaining([expect.objectContaining({ '@type': 'WebPage' })]),
  );
});

test('an unknown path answers 404 with the 404 page', async ({ page }) => {
  const response = await page.goto('/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
  await waitForHydration(page);
  await page.getByRole('link', { name: 'Return to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('/virtual-sessions ends at /virtual-appointments', async ({ page }) => {
  await page.goto('/virtual-sessions');
  await expect(page).toHaveURL(/\/virtual-appointments$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('navigation marks the current page and moves between pages', async ({ page }) => {
  await page.goto('/');
  await waitForHydration(page);
  const nav = page.getByRole('navigation', { name: 'Main navigation', exact: true });
  await expect(nav.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
  await nav.getByRole('link', { name: 'About' }).click();
  await expect(page).toHaveURL(/\/about$/);
  await expect(nav.getByRole('link', { name: 'About' })).toHaveAttribute('aria-current', 'page');
  await expect(nav.getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current', 'page');
  await expect(page).toHaveTitle(/About/);
  expect(await page.locator('head title').count()).toBe(1);
});

test('skip links jump to the main content and the navigation', async ({ page }) => {
  await page.goto('/about');
  await waitForHydration(page);
  await page.keyboard.press('Tab');
  const skipMain = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skipMain).toBeFocused();
  await expect(skipMain).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.locator('#main-content')).toBeFocused();
  await page.goto('/about');
  await waitForHydration(page);
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to main navigation' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('#main-navigation')).toBeFocused();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the side menu opens, traps focus, closes on Escape and on navigation', async ({ page }) => {
    await page.goto('/');
    await waitForHydration(page);
    await expect(page.locator('#main-navigation')).toBeHidden();
    const menuButton = page.getByRole('button', { name: 'Open menu' });
    await menuButton.click();
    const dialog = page.getByRole('dialog', { name: 'Menu' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Close menu' })).toBeFocused();
    for (let i = 0; i < 12; i += 1) {
      await page.keyboard.press('Tab');
      const inside = await dialog.evaluate((node) => node.contains(document.activeElement));
      const onPage = await page.evaluate(() => document.activeElement !== document.body);
      // Focus never reaches the page behind the modal menu.
      expect(!onPage || inside).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(menuButton).toBeFocused();

    await menuButton.click();
    await dialog.getByRole('link', { name: 'Virtual Appointments' }).click();
    await expect(page).toHaveURL(/\/virtual-appointments$/);
    await expect(dialog).toBeHidden();
  });

  test('skip to navigation focuses the menu button', async ({ page }) => {
    await page.goto('/');
    await waitForHydration(page);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();
  });
});

test('sitemap.xml lists the 17 URLs and robots.txt names it', async ({ request, baseURL }) => {
  const xml = await (await request.get('/sitemap.xml')).text();
  const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
  expect(locs).toHaveLength(17);
  expect(locs).toContain(`${baseURL}/`);
  expect(xml).toContain('<priority>0.3</priority>');
  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
});

test('the server sends security headers, compression and asset caching', async ({ request }) => {
  const response = await request.get('/', { headers: { 'Accept-Encoding': 'br, gzip' } });
  const headers = response.headers();
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(headers['strict-transport-security']).toContain('max-age=');
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['permissions-policy']).toContain('camera=()');
  expect(headers['content-encoding']).toBe('br');
  const html = await response.text();
  // The prerendered page's boot loader names the entry script it starts after the first paint.
  const script = html.match(/data-entry="(\/assets\/[^"]+\.js)"/)?.[1];
  expect(script).toBeTruthy();
  const asset = await request.get(script!);
  expect(asset.headers()['cache-control']).toContain('immutable');
});

test('the sitemap page renders the same 17 entries with priority bands', async ({ page }) => {
  await page.goto('/sitemap');
  await expect(page.locator('tbody tr')).toHaveCount(17);
  await expect(page.locator('tr[data-band="high"]')).toHaveCount(10);
  await expect(page.locator('tr[data-band="medium"]')).toHaveCount(5);
  await expect(page.locator('tr[data-band="low"]')).toHaveCount(2);
  await expect(page.getByRole('link', { name: 'View the XML sitemap' })).toHaveAttribute(
    'href',
    '/sitemap.xml',
  );
});
