import { expect, test, waitForHydration } from './fixtures';

// Issue 13: the typography must not depend on the entry page. The site uses the visitor's system faces, so
// no page waits for, swaps in or (with font-display: optional) silently skips a downloaded font.
test('every entry page, and the pages reached from it, use the same faces and download no font', async ({
  page,
}) => {
  const fontRequests: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'font') fontRequests.push(request.url());
  });
  const faces = () =>
    page.evaluate(() => ({
      text: getComputedStyle(document.body).fontFamily,
      heading: getComputedStyle(document.querySelector('h1, h2') as Element).fontFamily,
      webFonts: document.fonts.size,
    }));

  await page.goto('/');
  await waitForHydration(page);
  const home = await faces();
  expect(home.webFonts).toBe(0);
  expect(home.text).toMatch(/system-ui/);
  expect(home.heading).toMatch(/serif/);

  for (const entry of ['/auth', '/reset-password', '/update-password', '/cart']) {
    await page.goto(entry);
    await waitForHydration(page);
    expect(await faces(), entry).toEqual(home);
  }
  // On from the last entry page to the home page without a reload.
  await page.getByRole('banner').getByRole('link').first().click();
  await expect(page).toHaveURL(/\/$/);
  expect(await faces()).toEqual(home);
  expect(fontRequests).toEqual([]);
});
