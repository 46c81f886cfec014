import { chromium } from '@playwright/test';
const base = 'http://localhost:4416';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
for (const width of [1280, 375]) {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') console.log('console', m.type(), m.text()); });
  await page.goto(base + '/admin/login');
  await page.getByLabel('Email', { exact: true }).fill('admin@example.com');
  await page.getByLabel('Password', { exact: true }).fill('password123');
  await page.getByRole('button', { name: 'Sign In as Admin' }).click();
  await page.waitForURL(/dashboard/);
  await page.getByText('Revenue today').waitFor();
  await page.screenshot({ path: `/tmp/admin/overview-${width}.png`, fullPage: true });
  for (const tab of ['Orders', 'Customers', 'Catalogue', 'Admins', 'Activity log']) {
    await page.getByRole('tab', { name: tab }).click();
    await page.waitForTimeout(800);
    await page.screenshot({ path: `/tmp/admin/${tab.split(' ')[0]}-${width}.png`, fullPage: true });
  }
  await page.close();
}
await browser.close();
