import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import { expect, test, waitForHydration } from './fixtures';

// The information pages (About, FAQ, Contact, Privacy Policy, Terms and Conditions) in real Chromium against
// the production build. The content modules read Vite's environment, so the spec states what it expects.

// The suite's build has no scheduler username: booking links lead to the local stack's stand-in
// (docs/appointments.md "Booking wherever the site runs").
const BOOKING_HREF = /^http:\/\/localhost:\d+\/_local\/scheduler\/[\w-]+\/50min$/;
const LAST_UPDATED = 'Last updated: 22 November 2026';

/** The JSON-LD blocks of the prerendered HTML, as a crawler reads them (before any JavaScript runs). */
async function prerenderedJsonLd(page: Page, path: string): Promise<unknown[]> {
  const response = await page.request.get(path);
  expect(response.status()).toBe(200);
  const html = await response.text();
  const blocks = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)];
  return blocks.flatMap((match) => {
    const data = JSON.parse(match[1] ?? 'null') as unknown;
    return Array.isArray(data) ? (data as unknown[]) : [data];
  });
}

const main = (page: Page) => page.locator('main');
const summaries = (page: Page) => main(page).locator('details > summary');
const openDetails = (page: Page) => main(page).locator('details[open]');

test.describe('/about', () => {
  test('profile, credentials, badge, explainer, statistics and advantages', async ({ page }) => {
    await page.goto('/about');
    await expect(page.getByRole('heading', { level: 1, name: 'About Your Hypnotherapist' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: /^Meet / })).toBeVisible();
    await expect(
      page.getByRole('heading', { name: 'Qualifications and professional standards' }),
    ).toBeVisible();
    await expect(main(page).getByText('Registered Member', { exact: true })).toBeVisible();
    await expect(main(page).getByText('General Hypnotherapy Register', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'What is self-hypnosis?' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Results clients report' })).toBeVisible();
    await expect(main(page).locator('dl dd')).toHaveText(['500+', '4.9/5', '95%', '85%']);
    await expect(page.getByRole('heading', { name: 'Why online hypnotherapy works so well' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 3 })).toContainText([
      'Relax where you feel safe',
      'No travel, less time',
      'Private and confidential',
    ]);
  });

  test('links: professional profile, booking, audio library and all FAQs', async ({ page }) => {
    await page.goto('/about');
    const profile = page.getByRole('link', { name: /View professional profile/ });
    await expect(profile).toHaveAttribute('href', /^https:\/\//);
    await expect(profile).toHaveAttribute('target', '_blank');
    await expect(profile).toHaveAttribute('rel', /noopener/);

    const booking = main(page).getByRole('link', { name: /Book a 50-Minute Appointment/ });
    await expect(booking).toHaveAttribute('href', BOOKING_HREF);
    await expect(booking).toHaveAttribute('target', '_blank');

    await expect(main(page).getByRole('link', { name: 'Explore the Audio Library' })).toHaveAttribute(
      'href',
      '/audio-library',
    );
    await expect(main(page).getByRole('link', { name: 'Browse Self-Hypnosis Audio' })).toHaveAttribute(
      'href',
      '/audio-library',
    );

    await waitForHydration(page);
    await page.getByRole('link', { name: 'View All 33 FAQs' }).click();
    await expect(page).toHaveURL(/\/faq$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Frequently Asked Questions' })).toBeVisible();
  });

  test('the first five FAQs in a single-open, collapsible accordion', async ({ page }) => {
    await page.goto('/about');
    await expect(summaries(page)).toHaveText([
      'What is hypnotherapy?',
      'Will I lose control or be made to do something against my will?',
      'Is hypnotherapy safe?',
      'Does online hypnotherapy work as well as seeing someone in person?',
      'Can anyone be hypnotised?',
    ]);
    await waitForHydration(page);
    await summaries(page).nth(0).click();
    await expect(openDetails(page)).toHaveCount(1);
    await expect(main(page).getByText(/^Hypnotherapy uses hypnosis/)).toBeVisible();
    await summaries(page).nth(2).click();
    await expect(openDetails(page)).toHaveCount(1);
    await expect(openDetails(page).locator('summary')).toHaveText('Is hypnotherapy safe?');
    await summaries(page).nth(2).click();
    await expect(openDetails(page)).toHaveCount(0);
  });
});

test.describe('/faq', () => {
  test('33 questions, search box, chips with counts and the result text', async ({ page }) => {
    await page.goto('/faq');
    await expect(page.getByRole('heading', { level: 1, name: 'Frequently Asked Questions' })).toBeVisible();
    await expect(summaries(page)).toHaveCount(33);
    await expect(page.getByPlaceholder('Search FAQs...')).toBeVisible();
    await expect(main(page).getByRole('status')).toHaveText('Showing 33 of 33 questions');
    const chips = page.getByRole('group', { name: 'Filter by category' }).getByRole('button');
    await expect(chips).toHaveText([
      /^All Categories\s*33/,
      /^General\s*8/,
      /^Appointments\s*8/,
      /^Treatments\s*7/,
      /^Privacy & Security\s*5/,
      /^Pricing\s*5/,
    ]);
    await expect(chips.first()).toHaveAttribute('aria-pressed', 'true');
  });

  test('search, category, empty state and Clear all filters', async ({ page }) => {
    await page.goto('/faq');
    await waitForHydration(page);
    const search = page.getByRole('searchbox', { name: 'Search the questions' });
    const status = main(page).getByRole('status');

    await search.fill('ANXIETY');
    await expect(status).toHaveText(/^Showing \d+ of 33 questions matching "ANXIETY"$/);
    const matches = await summaries(page).count();
    expect(matches).toBeGreaterThan(0);
    expect(matches).toBeLessThan(33);

    await page.getByRole('button', { name: /^Pricing/ }).click();
    await expect(page.getByRole('button', { name: /^Pricing/ })).toHaveAttribute('aria-pressed', 'true');
    await search.fill('');
    await expect(status).toHaveText('Showing 5 of 33 questions');
    await expect(summaries(page)).toHaveCount(5);

    await search.fill('no such words anywhere');
    await expect(summaries(page)).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'No questions found' })).toBeVisible();
    await page.getByRole('button', { name: 'Clear all filters' }).click();
    await expect(search).toHaveValue('');
    await expect(search).toBeFocused();
    await expect(page.getByRole('button', { name: /^All Categories/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(status).toHaveText('Showing 33 of 33 questions');
    await expect(summaries(page)).toHaveCount(33);
  });

  test('accordion works with the keyboard: Enter and Space toggle, one open at a time', async ({ page }) => {
    await page.goto('/faq');
    await waitForHydration(page);
    await summaries(page).nth(0).focus();
    await page.keyboard.press('Enter');
    await expect(openDetails(page)).toHaveCount(1);
    await expect(openDetails(page).locator('summary')).toHaveText('What is hypnotherapy?');
    await page.keyboard.press('Tab');
    await expect(summaries(page).nth(1)).toBeFocused();
    await page.keyboard.press('Space');
    await expect(openDetails(page)).toHaveCount(1);
    await expect(openDetails(page).locator('summary')).toHaveText(
      'Will I lose control or be made to do something against my will?',
    );
    await page.keyboard.press('Enter');
    await expect(openDetails(page)).toHaveCount(0);
  });

  test('the prerendered accordion opens without JavaScript', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/faq');
    await expect(summaries(page)).toHaveCount(33);
    await summaries(page).nth(3).click();
    await expect(main(page).getByText(/^Hypnotherapy works through conversation/)).toBeVisible();
    await context.close();
  });

  test('Contact Us link and FAQPage structured data with all 33 questions', async ({ page }) => {
    const jsonLd = await prerenderedJsonLd(page, '/faq');
    const faqPage = jsonLd.find((item) => (item as { '@type'?: string })['@type'] === 'FAQPage') as
      { mainEntity: { '@type': string; name: string; acceptedAnswer: { text: string } }[] } | undefined;
    expect(faqPage?.mainEntity).toHaveLength(33);
    expect(faqPage?.mainEntity[8]?.name).toBe('How long is an appointment?');
    expect(faqPage?.mainEntity[8]?.acceptedAnswer.text).toContain('50 minutes');

    await page.goto('/faq');
    await waitForHydration(page);
    await main(page).getByRole('link', { name: 'Contact Us', exact: true }).click();
    await expect(page).toHaveURL(/\/contact$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible();
  });
});

test.describe('/contact', () => {
  test('email and phone as text and links, the 24-hour promise, ContactPage data', async ({ page }) => {
    await page.goto('/contact');
    await expect(page.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible();
    await expect(main(page).getByText('Every message receives a reply within 24 hours.')).toBeVisible();

    const email = main(page).locator('a[href^="mailto:"]');
    await expect(email).toHaveCount(1);
    const address = (await email.textContent())?.trim() ?? '';
    expect(address).toMatch(/^[^@\s]+@[^@\s]+\.[a-z]+$/i);
    await expect(email).toHaveAttribute('href', `mailto:${address}`);

    const phone = main(page).locator('a[href^="tel:"]');
    await expect(phone).toHaveCount(1);
    const number = (await phone.textContent())?.trim() ?? '';
    expect(number).toMatch(/\d/);
    await expect(phone).toHaveAttribute('href', `tel:${number.replace(/[^\d+]/g, '')}`);

    await expect(main(page).locator('form')).toHaveCount(0);

    const jsonLd = await prerenderedJsonLd(page, '/contact');
    expect(jsonLd).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ '@type': 'ContactPage' }),
        expect.objectContaining({ email: address, telephone: number }),
      ]),
    );
  });
});

const legalPages = [
  {
    path: '/privacy-policy',
    heading: 'Privacy Policy',
    sections: 13,
    musts: [
      'special-category data',
      'what you buy can reveal a health condition',
      'visible only to you and to the practitioner',
      'Anonymised after 30 days',
      'Deleted after 2 years',
      '7 years after your last appointment',
      '1 year, or sooner if you ask',
      'Up to 7 years',
      'within 24 hours',
      'deletion requests within 30 days',
      'Essential:',
      'Functional:',
      'Analytics:',
      'Marketing:',
      '"Cookie settings" link in the footer',
      'Stripe',
      'PayPal or cryptocurrency',
      '18 and over',
    ],
  },
  {
    path: '/terms-and-conditions',
    heading: 'Terms and Conditions',
    sections: 13,
    musts: [
      "at least 24 hours' notice",
      'a fee of 50% of the appointment price',
      'A no-show',
      'charged the full fee',
      'within 30 days of purchase',
      'minus an administration fee',
      "at least 30 days' notice",
      'You must be 18 or over',
      'consent of a parent or guardian',
      'stream it from your account and to download it',
      'up to £150,000',
      'credit or debit card',
      'Stripe',
      'PayPal or cryptocurrency',
      '50 minutes',
      '£120',
      '£360',
    ],
  },
] as const;

test.describe('legal pages', () => {
  for (const legal of legalPages) {
    test(`${legal.path}: heading, fixed date, table of contents and every constant`, async ({ page }) => {
      await page.goto(legal.path);
      await expect(page.getByRole('heading', { level: 1, name: legal.heading })).toBeVisible();
      await expect(main(page).getByText(LAST_UPDATED)).toBeVisible();
      await expect(main(page).locator('time')).toHaveAttribute('datetime', '2026-11-22');

      const toc = page.getByRole('navigation', { name: 'Contents' });
      const tocLinks = toc.getByRole('link');
      await expect(tocLinks).toHaveCount(legal.sections);
      const sectionHeadings = main(page).locator('section > h2');
      await expect(sectionHeadings).toHaveCount(legal.sections);
      for (let index = 0; index < legal.sections; index += 1) {
        const href = await tocLinks.nth(index).getAttribute('href');
        const id = await sectionHeadings.nth(index).getAttribute('id');
        expect(href).toBe(`#${id}`);
        await expect(tocLinks.nth(index)).toHaveText((await sectionHeadings.nth(index).textContent()) ?? '');
      }

      const text = (await main(page).innerText()).replace(/\s+/g, ' ');
      for (const must of legal.musts) expect(text, `"${must}"`).toContain(must);

      await waitForHydration(page);
      await tocLinks.last().click();
      await expect(page).toHaveURL(new RegExp(`#${await sectionHeadings.last().getAttribute('id')}$`));
      await expect(sectionHeadings.last()).toBeInViewport();
    });
  }

  test('the legal pages link each other and the contact page', async ({ page }) => {
    await page.goto('/privacy-policy');
    await waitForHydration(page);
    await main(page).getByRole('link', { name: 'Terms and Conditions' }).click();
    await expect(page).toHaveURL(/\/terms-and-conditions$/);
    await main(page).getByRole('link', { name: 'Contact Us', exact: true }).click();
    await expect(page).toHaveURL(/\/contact$/);
  });
});

test.describe('accessibility and layout', () => {
  test.use({ bypassCSP: true });
  const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
  const paths = ['/about', '/faq', '/contact', '/privacy-policy', '/terms-and-conditions'];

  for (const path of paths) {
    for (const width of [375, 1280]) {
      test(`${path} at ${width} px: no axe violations, no horizontal scroll`, async ({ page }) => {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(path);
        await waitForHydration(page);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        if (path === '/faq') {
          // With an answer open too.
          await summaries(page).first().click();
        }
        await page.addScriptTag({ path: axePath });
        const violations = await page.evaluate(async () => {
          const axe = (
            window as unknown as {
              axe: {
                run: (context: Document) => Promise<{ violations: { id: string; nodes: unknown[] }[] }>;
              };
            }
          ).axe;
          const result = await axe.run(document);
          return result.violations.map((violation) => `${violation.id} (${violation.nodes.length})`);
        });
        expect(violations).toEqual([]);
      });
    }
  }
});
