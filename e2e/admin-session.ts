import type { Page } from '@playwright/test';
import { expect as baseExpect, waitForHydration } from './fixtures';

// Opening pages and signing in as the demo admin, for the admin dashboard's end-to-end tests.
const expect = baseExpect.configure({ timeout: 20_000 });

/** Opens a page, waits for it to hydrate and answers the cookie banner (essential only). */
export async function open(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await waitForHydration(page);
  const essentialOnly = page.getByRole('button', { name: 'Essential Only' });
  if (await essentialOnly.isVisible()) await essentialOnly.click();
}

/** Signs in as the demo admin and waits for the dashboard. */
export async function signInAsAdmin(page: Page): Promise<void> {
  await open(page, '/admin/login');
  await page.getByLabel('Email', { exact: true }).fill('admin@example.com');
  await page.getByLabel('Password', { exact: true }).fill('password123');
  await page.getByRole('button', { name: 'Sign In as Admin' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByRole('tab', { name: 'Overview' })).toBeVisible();
}

/** A dashboard section's panel. */
export function tab(page: Page, name: string) {
  return page.getByRole('tabpanel', { name });
}
