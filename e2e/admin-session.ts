import type { Page } from '@playwright/test';
import { expect as baseExpect, open, submitSignIn } from './fixtures';
import { SEEDED_ADMIN } from './stack-data';

// Signing in as the demo admin, for the admin dashboard's end-to-end tests (admin.spec and admin-phone.spec).
const expect = baseExpect.configure({ timeout: 20_000 });

export { open };

/** Signs in as the demo admin and waits for the dashboard. */
export async function signInAsAdmin(page: Page): Promise<void> {
  await open(page, '/admin/login');
  await submitSignIn(page, SEEDED_ADMIN.email, SEEDED_ADMIN.password, 'Sign In as Admin');
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByRole('tab', { name: 'Overview' })).toBeVisible();
}

/** A dashboard section's panel. */
export function tab(page: Page, name: string) {
  return page.getByRole('tabpanel', { name });
}
