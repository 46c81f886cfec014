import { createRequire } from 'node:module';
import type { Page, Route } from '@playwright/test';
import { expect, test, waitForHydration } from './fixtures';

// The booking and service pages in real Chromium. The suite's build has no scheduler username, so every
// booking link leads to the local stack's scheduler stand-in and the calendar embeds nothing
// (docs/appointments.md "Booking wherever the site runs"); Calendly's embed is covered by
// tests/components/booking-calendar.test.tsx. Any request to Calendly is recorded and blocked: there must be none.

const SCHEDULER = /calendly\.com/;
const BOOKING_HREF = /^http:\/\/localhost:\d+\/_local\/scheduler\/[\w-]+\/50min$/;
const CONSENT_KEY = 'cookie-preferences';

// The six condition pages, as a visitor sees them (the content modules read Vite's environment, so the
// spec states what it expects instead of importing them).
const conditionPages = [
  {
    path: '/habits-addictions',
    heading: 'Break Free from Habits and Addictions',
    booking: 'Book a Habits Appointment',
  },
  {
    path: '/anxiety-stress',
    heading: 'Find Calm in Anxiety and Stress',
    booking: 'Book an Anxiety Appointment',
  },
  {
    path: '/pain-management',
    heading: 'Live More Comfortably with Pain',
    booking: 'Book a Pain Management Appointment',
  },
  {
    path: '/weight-management',
    heading: 'A Healthier Relationship with Food',
    booking: 'Book a Weight Management Appointment',
  },
  {
    path: '/sports-performance',
    heading: 'Train the Mental Side of Your Game',
    booking: 'Book a Sports Performance Appointment',
  },
  {
    path: '/professional-performance',
    heading: 'Perform with Confidence at Work',
    booking: 'Book a Professional Performance Appointment',
  },
];
const conditionPaths = conditionPages.map((page) => page.path);

async function blockScheduler(page: Page, requests: string[] = []): Promise<string[]> {
  await page.route(SCHEDULER, (route: Route) => {
    requests.push(route.request().url());
    return route.abort();
  });
  return requests;
}

async function allowFunctionalCookies(page: Page): Promise<void> {
  await page.addInitScript((key) => {
    window.localStorage.setItem(
      key,
      JSON.stringify({ essential: true, functional: true, analytics: false, marketing: false }),
    );
  }, CONSENT_KEY);
}

/** Every link to the scheduler on the page opens the 50-minute page in a new tab. */
async function expectBookingLinks(page: Page, atLeast: number): Promise<void> {
  const links = page.locator('a[href*="/_local/scheduler/"]');
  expect(await links.count()).toBeGreaterThanOrEqual(atLeast);
  for (const link of await links.all()) {
    await expect(link).toHaveAttribute('href', BOOKING_HREF);
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', /noopener/);
  }
}

/** No dead buttons: every link has a real destination, every same-site one answers 200. */
async function expectLiveLinks(page: Page): Promise<void> {
  const hrefs = await page
    .locator('main a')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
  expect(hrefs.every((href) => href && href !== '#' && !href.startsWith('javascript:'))).toBe(true);
  const internal = [...new Set(hrefs.filter((href): href is string => !!href && href.startsWith('/')))];
  for (const href of internal) {
    const response = await page.request.get(href.split('#')[0] ?? href);
    expect(response.status(), href).toBe(200);
  }
}

test.describe('/virtual-appointments', () => {
  test('tabs for the seven service areas, with keyboard, links and booking buttons', async ({ page }) => {
    await blockScheduler(page);
    await page.goto('/virtual-appointments');
    await waitForHydration(page);

    const benefits = page.getByRole('region', { name: 'Why online appointments work' });
    await expect(benefits.getByRole('listitem')).toHaveCount(4);

    const tabs = page.getByRole('tab');
    await expect(tabs).toHaveText(['Habits', 'Anxiety', 'Pain', 'Weight', 'Sports', 'Sales', 'Professional']);
    // Every panel is in the prerendered HTML, the inactive ones hidden.
    await expect(page.locator('[role="tabpanel"]')).toHaveCount(7);
    await expect(page.getByRole('tabpanel')).toHaveCount(1);
    await expect(page.getByRole('tabpanel')).toContainText('78%');

    await tabs.first().focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: 'Anxiety' })).toBeFocused();
    await expect(page.getByRole('tab', { name: 'Anxiety' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel')).toContainText('85%');
    await expect(page.getByRole('tabpanel')).toContainText('2-3 appointments');
    await page.keyboard.press('End');
    await expect(page.getByRole('tab', { name: 'Professional' })).toBeFocused();
    await expect(page.getByRole('tabpanel')).toContainText('94%');

    await page.getByRole('tab', { name: 'Sales' }).click();
    const panel = page.getByRole('tabpanel');
    await expect(panel).toContainText('96%');
    await expect(panel).toContainText('4-6 appointments');
    await expect(panel.getByRole('link', { name: /Book This Appointment/ })).toHaveAttribute(
      'href',
      BOOKING_HREF,
    );
    await panel.getByRole('link', { name: /Learn More/ }).click();
    await expect(page).toHaveURL(/\/sales-hypnosis$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Sales Hypnosis');
  });

  test('every booking button opens the 50-minute page in a new tab, and no link is dead', async ({
    page,
  }) => {
    await blockScheduler(page);
    await page.goto('/virtual-appointments');
    await expectBookingLinks(page, 10);
    await expectLiveLinks(page);
  });

  test('without consent nothing loads until "Load calendar", which offers the local booking page', async ({
    page,
  }) => {
    const requests = await blockScheduler(page);
    await page.goto('/virtual-appointments');
    await waitForHydration(page);

    const calendar = page.getByRole('region', { name: 'Booking calendar' });
    await expect(calendar).toContainText('third-party cookies');
    await expect(page.getByRole('link', { name: /Open Full Calendar/ })).toHaveAttribute(
      'href',
      BOOKING_HREF,
    );
    await expect(page.getByRole('link', { name: 'Contact Directly' })).toHaveAttribute('href', '/contact');
    const box = await calendar.boundingBox();
    expect(box?.height).toBe(600);
    await page.getByRole('button', { name: 'Load calendar' }).click();

    // No scheduler account here: the calendar says so, and 'View Available Times' is the stand-in's page.
    await expect(
      calendar.getByRole('heading', { name: 'Booking on this local copy of the site' }),
    ).toBeVisible();
    const viewTimes = page.getByRole('link', { name: /View Available Times/ });
    await expect(viewTimes).toHaveAttribute('href', BOOKING_HREF);
    await expect(viewTimes).toHaveAttribute('target', '_blank');
    expect((await calendar.boundingBox())?.height).toBe(600);
    expect(requests).toEqual([]);
    expect(await page.locator('script[src*="calendly"]').count()).toBe(0);
  });

  test('with functional consent the calendar offers the local booking page by itself, contacting no scheduler', async ({
    page,
  }) => {
    const requests = await blockScheduler(page);
    await allowFunctionalCookies(page);
    await page.goto('/virtual-appointments');
    await waitForHydration(page);
    await page.getByRole('region', { name: 'Booking calendar' }).scrollIntoViewIfNeeded();
    await expect(page.getByRole('link', { name: /View Available Times/ })).toHaveAttribute(
      'href',
      BOOKING_HREF,
    );
    await expect(page.getByRole('button', { name: 'Load calendar' })).toHaveCount(0);
    await expect(page.getByText('Loading calendar...')).toHaveCount(0);
    expect(requests).toEqual([]);
    expect(await page.locator('script[src*="calendly"]').count()).toBe(0);
  });

  test('?admin=true edits the scheduler username, with validation', async ({ page }) => {
    await blockScheduler(page);
    await page.goto('/virtual-appointments?admin=true');
    await waitForHydration(page);
    await page.getByRole('region', { name: 'Booking calendar' }).scrollIntoViewIfNeeded();
    const field = page.getByRole('textbox', { name: 'Scheduler username' });
    await expect(field).toHaveValue(/^[\w-]+$/);
    const openExternal = page.getByRole('link', { name: /Open External/ });
    await expect(openExternal).toHaveAttribute('href', BOOKING_HREF);
    await expect(openExternal).toHaveAttribute('target', '_blank');

    await field.fill('another-practice');
    await expect(openExternal).toHaveAttribute(
      'href',
      /^http:\/\/localhost:\d+\/_local\/scheduler\/another-practice\/50min$/,
    );
    await field.fill('bad name!');
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText(/letters, digits, hyphens \(-\) or underscores/)).toBeVisible();
    await expect(openExternal).not.toHaveAttribute('href', /bad/);
  });
});

test.describe('condition pages', () => {
  for (const content of conditionPages) {
    const { path } = content;
    test(`${path}: hero, sections, stories, pricing and links`, async ({ page }) => {
      await blockScheduler(page);
      await page.goto(path);
      await waitForHydration(page);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(content.heading);

      const hero = page.locator('main header').first();
      await expect(hero.getByRole('link', { name: new RegExp(content.booking) })).toHaveAttribute(
        'href',
        BOOKING_HREF,
      );
      await expect(hero.getByRole('link', { name: 'View All Services' })).toHaveAttribute(
        'href',
        '/virtual-appointments',
      );

      await expect(page.locator('section[aria-labelledby="areas-heading"] li')).toHaveCount(9);
      await expect(page.locator('section[aria-labelledby="methods-heading"] ol > li')).toHaveCount(4);
      await expect(page.getByRole('region', { name: 'Results clients report' }).locator('dd')).toHaveCount(4);

      const stories = page.getByRole('region', { name: /Success Stories/ });
      const count = await stories.locator('figure').count();
      expect(count).toBeGreaterThanOrEqual(1);
      expect(count).toBeLessThanOrEqual(3);
      await expect(stories.getByRole('group', { name: /Filter/ })).toHaveCount(0);

      const pricing = page.getByRole('region', { name: 'Simple, Transparent Pricing' });
      await expect(pricing).toContainText('£120');
      await expect(pricing).toContainText('£360');
      await expect(pricing).toContainText('About $450');
      await expect(pricing).toContainText('Recommended');
      await expect(pricing).toContainText('Instant-messaging support');

      await expect(page.getByRole('link', { name: /Learn About Your Hypnotherapist/ })).toHaveAttribute(
        'href',
        '/about',
      );
      await expectBookingLinks(page, 4);
    });
  }

  test('the anxiety hero books too, and View All Services leads to the appointments page', async ({
    page,
  }) => {
    await blockScheduler(page);
    await page.goto('/anxiety-stress');
    await waitForHydration(page);
    const hero = page.locator('main header').first();
    const booking = hero.getByRole('link', { name: /Book an Anxiety Appointment/ });
    // The new tab is the local scheduler stand-in's booking page.
    const newTab = page.context().waitForEvent('page');
    await booking.click();
    const tab = await newTab;
    await tab.waitForLoadState();
    expect(tab.url()).toMatch(BOOKING_HREF);
    await expect(tab.getByRole('button', { name: 'Schedule event' })).toBeVisible();
    await tab.close();
    await hero.getByRole('link', { name: 'View All Services' }).click();
    await expect(page).toHaveURL(/\/virtual-appointments$/);
    await expectLiveLinks(page);
  });
});

test('/sales-hypnosis: programme, result bars, workshops, coaching and FAQ; every button acts', async ({
  page,
}) => {
  await blockScheduler(page);
  await page.goto('/sales-hypnosis');
  await waitForHydration(page);

  await expect(page.getByRole('region', { name: /Four techniques/ }).getByRole('listitem')).toHaveCount(4);
  const programme = page.getByRole('region', { name: /6-Session/ });
  await expect(programme.getByText(/Session \d · 50 minutes/)).toHaveCount(6);
  await expect(programme).toContainText('30-day money-back guarantee');
  await expect(programme).toContainText('90 days of email support');
  await expect(programme.getByRole('link', { name: 'Enquire About the Programme' })).toHaveAttribute(
    'href',
    '/contact',
  );

  const bars = page.getByRole('progressbar');
  await expect(bars).toHaveCount(4);
  for (const bar of await bars.all()) {
    await expect(bar).toHaveAttribute('aria-valuenow', '75');
    await expect(bar).toHaveAccessibleName(/\S/);
  }

  await expect(
    page.getByRole('region', { name: 'What sales professionals say' }).locator('figure'),
  ).toHaveCount(3);

  const workshops = page.getByRole('region', { name: 'Corporate workshops' });
  await expect(workshops).toContainText('£850');
  await expect(workshops).toContainText('8-12 participants');
  await expect(workshops).toContainText('£1,500');
  await expect(workshops).toContainText('15-25 participants');
  await expect(workshops).toContainText('From £2,500');
  await expect(workshops).toContainText('25+ participants');
  const enquiries = workshops.getByRole('link', { name: /Enquire About/ });
  await expect(enquiries).toHaveCount(3);
  for (const link of await enquiries.all()) await expect(link).toHaveAttribute('href', '/contact');

  await expect(page.getByRole('region', { name: 'Monthly sales coaching' })).toContainText('£360');

  const question = page.locator('details').first();
  await expect(question).not.toHaveAttribute('open', '');
  await question.locator('summary').click();
  await expect(question).toHaveAttribute('open', '');

  // Every <button> in the page body does something: here there are none; everything is a real link.
  expect(await page.locator('main button').count()).toBe(0);
  await expectBookingLinks(page, 4);
  await expectLiveLinks(page);
});

test('/self-hypnosis-guide: cards and the guide buttons lead to the audio library', async ({ page }) => {
  await page.goto('/self-hypnosis-guide');
  await waitForHydration(page);
  for (const name of ['Visual', 'Auditory', 'Kinesthetic']) {
    await expect(page.getByRole('heading', { level: 3, name })).toBeVisible();
  }
  for (const name of [
    'Inception Protocols',
    'Precision Anchoring',
    'State Navigation',
    'Cognitive Restructuring',
    'Emotional Alchemy',
    'Energy Integration',
  ]) {
    await expect(page.getByRole('heading', { level: 3, name })).toBeVisible();
  }
  await expect(
    page.getByRole('region', { name: 'Why learn self-hypnosis' }).getByRole('listitem'),
  ).toHaveCount(3);
  await expect(page.getByRole('link', { name: 'Get Your Inception Guide' })).toHaveAttribute(
    'href',
    '/audio-library',
  );
  await expect(page.getByRole('link', { name: 'Download Your Guide Now' })).toHaveAttribute(
    'href',
    '/audio-library',
  );
  await expect(page.getByRole('link', { name: 'Schedule Consultation' })).toHaveAttribute('href', '/contact');
  await page.getByRole('link', { name: 'Get Your Inception Guide' }).click();
  await expect(page).toHaveURL(/\/audio-library$/);
});

test.describe('accessibility and layout', () => {
  test.use({ bypassCSP: true });
  const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
  const pages = ['/virtual-appointments', '/sales-hypnosis', '/self-hypnosis-guide', ...conditionPaths];

  for (const path of pages) {
    test(`${path}: no axe violations; no horizontal scroll at 375 px`, async ({ page }) => {
      await blockScheduler(page);
      await page.setViewportSize({ width: 375, height: 800 });
      await page.goto(path);
      await waitForHydration(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await page.addScriptTag({ path: axePath });
      const violations = await page.evaluate(async () => {
        const axe = (
          window as unknown as {
            axe: { run: (context: Document) => Promise<{ violations: { id: string; nodes: unknown[] }[] }> };
          }
        ).axe;
        const result = await axe.run(document);
        return result.violations.map((violation) => `${violation.id} (${violation.nodes.length})`);
      });
      expect(violations).toEqual([]);
    });
  }
});
