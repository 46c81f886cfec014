import type { Page } from '@playwright/test';
import { sitemapEntries } from '../src/config/sitemap';
import { expect, test, waitForHydration } from './fixtures';

// The layout check: every public page, the auth pages, the cart and checkout, and the open side menu,
// accessibility dialog and cookie banner detail view, at five widths and three text sizes. Nothing may scroll
// sideways (a table may scroll only inside its own labelled region) and no text or control may be cut off by
// its container. Each page loads once per text size; the widths are checked by resizing that page, and each
// check is one evaluate that returns every problem it found, so a failure names them all.

const WIDTHS = [320, 375, 768, 1024, 1280] as const;
const FONT_SIZES = ['medium', 'large', 'extra-large'] as const;
type FontSize = (typeof FONT_SIZES)[number];

const PAGES = [
  ...sitemapEntries.map((entry) => entry.path),
  '/sitemap',
  '/no-such-page',
  '/auth',
  '/auth?tab=signup',
  '/reset-password',
  '/update-password',
  '/admin/login',
  '/cart',
  '/checkout',
];

/**
 * Runs in the page: every way the current layout is broken, as readable strings (empty when it is fine).
 *
 * - the document scrolls sideways (scrollWidth wider than the viewport);
 * - a scroll container scrolls sideways, unless it is a labelled region (role="region", a name, tabindex 0);
 * - a visible text run or control sticks out of an ancestor that clips (overflow hidden/clip, or a scroll
 *   container sideways), or out of the viewport sideways.
 *
 * Visually hidden content (sr-only: a clipped 1px box) and content outside an element with `inert` or
 * aria-hidden collapsed boxes are not visible and are skipped; a 1px tolerance absorbs sub-pixel rounding.
 */
function findLayoutProblems(): string[] {
  const TOLERANCE = 1;
  const problems: string[] = [];
  const viewportWidth = document.documentElement.clientWidth;

  const describe = (element: Element): string => {
    const id = element.id ? `#${element.id}` : '';
    const cls =
      typeof element.className === 'string' && element.className
        ? `.${element.className.trim().split(/\s+/).slice(0, 3).join('.')}`
        : '';
    const text = (element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
    return `<${element.tagName.toLowerCase()}${id}${cls}>${text ? ` "${text}"` : ''}`;
  };

  const isLabelledRegion = (element: Element) =>
    element.getAttribute('role') === 'region' &&
    Boolean(element.getAttribute('aria-label') || element.getAttribute('aria-labelledby')) &&
    element.getAttribute('tabindex') === '0';

  const clips = (style: CSSStyleDeclaration) => ({
    x: style.overflowX !== 'visible',
    y: style.overflowY !== 'visible',
    scrollsX: style.overflowX === 'auto' || style.overflowX === 'scroll',
    scrollsY: style.overflowY === 'auto' || style.overflowY === 'scroll',
  });

  // A clipped box of a pixel or two is the visually-hidden pattern (sr-only), not a layout.
  const visuallyHidden = (element: Element): boolean => {
    for (let node: Element | null = element; node; node = node.parentElement) {
      const style = getComputedStyle(node);
      const box = node.getBoundingClientRect();
      if (clips(style).x && (box.width <= 2 || box.height <= 2)) return true;
      if (style.clip !== 'auto' && style.position === 'absolute') return true;
    }
    return false;
  };

  if (document.documentElement.scrollWidth > viewportWidth + TOLERANCE) {
    const wide = [...document.body.querySelectorAll('*')]
      .filter((element) => element.getBoundingClientRect().right > viewportWidth + TOLERANCE)
      .filter((element) => element.checkVisibility())
      .slice(-3)
      .map(describe);
    problems.push(
      `the page scrolls sideways: scrollWidth ${document.documentElement.scrollWidth} > ${viewportWidth} (${wide.join(', ')})`,
    );
  }

  const all = [...document.querySelectorAll('body *')];
  for (const element of all) {
    if (!element.checkVisibility({ checkVisibilityCSS: true })) continue;
    const style = getComputedStyle(element);
    const overflow = clips(style);
    if (overflow.scrollsX && element.scrollWidth > element.clientWidth + TOLERANCE && !isLabelledRegion(element)) {
      problems.push(
        `${describe(element)} scrolls sideways by ${element.scrollWidth - element.clientWidth}px (only a labelled region may)`,
      );
    }
  }

  // What must be fully visible: each text run (as its line boxes) and each control.
  const targets: { label: string; element: Element; rects: DOMRect[] }[] = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!parent || !(node.textContent ?? '').trim()) continue;
    if (parent.closest('script, style, noscript, template, svg')) continue;
    if (!parent.checkVisibility({ checkVisibilityCSS: true, checkOpacity: true })) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    const rects = [...range.getClientRects()].filter((rect) => rect.width > 0 && rect.height > 0);
    if (rects.length) targets.push({ label: `text "${(node.textContent ?? '').trim().slice(0, 40)}"`, element: parent, rects });
  }
  for (const control of document.querySelectorAll(
    'a[href], button, input:not([type="hidden"]), select, textarea, [role="switch"], [role="tab"], [tabindex="0"]',
  )) {
    if (!control.checkVisibility({ checkVisibilityCSS: true, checkOpacity: true })) continue;
    const rect = control.getBoundingClientRect();
    if (rect.width > 0 && rect.height > 0) targets.push({ label: `control ${describe(control)}`, element: control, rects: [rect] });
  }

  const reported = new Set<string>();
  for (const target of targets) {
    if (visuallyHidden(target.element)) continue;
    const fixedAncestor = (() => {
      for (let node: Element | null = target.element; node; node = node.parentElement) {
        const position = getComputedStyle(node).position;
        if (position === 'fixed' || position === 'sticky') return true;
      }
      return false;
    })();
    for (const rect of target.rects) {
      if (rect.left < -TOLERANCE || rect.right > viewportWidth + TOLERANCE) {
        // Off-canvas content that is scrolled into view by the page is fine only if the page does not
        // clip it; anything outside the viewport sideways cannot be reached.
        const key = `${target.label} outside the viewport`;
        if (!reported.has(key)) {
          reported.add(key);
          problems.push(`${target.label} is outside the viewport sideways (${Math.round(rect.left)}..${Math.round(rect.right)} of ${viewportWidth})${fixedAncestor ? ' in a fixed box' : ''}`);
        }
      }
      for (let ancestor = target.element.parentElement; ancestor && ancestor !== document.body; ancestor = ancestor.parentElement) {
        const overflow = clips(getComputedStyle(ancestor));
        if (!overflow.x && !overflow.y) continue;
        const box = ancestor.getBoundingClientRect();
        const left = box.left + ancestor.clientLeft;
        const right = left + ancestor.clientWidth;
        const top = box.top + ancestor.clientTop;
        const bottom = top + ancestor.clientHeight;
        const cutX = overflow.x && (rect.left < left - TOLERANCE || rect.right > right + TOLERANCE);
        // A container that scrolls vertically may hold content below its fold; only hidden/clip cuts it.
        const cutY = overflow.y && !overflow.scrollsY && (rect.top < top - TOLERANCE || rect.bottom > bottom + TOLERANCE);
        if ((cutX && !(overflow.scrollsX && isLabelledRegion(ancestor))) || cutY) {
          const key = `${target.label} cut by ${describe(ancestor)}`;
          if (!reported.has(key)) {
            reported.add(key);
            problems.push(`${target.label} is cut off by ${describe(ancestor)}`);
          }
          break;
        }
      }
    }
  }
  return problems;
}

async function settle(page: Page) {
  await page.evaluate(async () => {
    await document.fonts.ready;
    await new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())));
  });
}

/** Checks the current page at every width; returns the problems labelled with the width. */
async function checkWidths(page: Page, label: string, beforeCheck?: (width: number) => Promise<void>) {
  const problems: string[] = [];
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    if (beforeCheck) await beforeCheck(width);
    await settle(page);
    for (const problem of await page.evaluate(findLayoutProblems)) problems.push(`${label} at ${width}px: ${problem}`);
  }
  return problems;
}

async function withSettings(page: Page, fontSize: FontSize, consented = true) {
  await page.addInitScript(
    ({ size, consent }) => {
      localStorage.setItem('accessibility-settings', JSON.stringify({ fontSize: size }));
      if (consent) {
        localStorage.setItem('cookie-consent', 'true');
        localStorage.setItem(
          'cookie-preferences',
          JSON.stringify({ essential: true, analytics: false, functional: false, marketing: false }),
        );
      }
    },
    { size: fontSize, consent: consented },
  );
}

// Reduced motion makes the panels open without a transition, so each check sees the final layout.
test.use({ reducedMotion: 'reduce' });

for (const fontSize of FONT_SIZES) {
  test.describe(`layout at '${fontSize}' text`, () => {
    test('every page fits at every width, nothing cut off', async ({ page }) => {
      test.setTimeout(240_000);
      await withSettings(page, fontSize);
      const problems: string[] = [];
      for (const path of PAGES) {
        await page.setViewportSize({ width: 1280, height: 800 });
        await page.goto(path);
        await waitForHydration(page);
        expect(await page.evaluate(() => document.documentElement.dataset.fontSize ?? 'medium')).toBe(fontSize);
        problems.push(...(await checkWidths(page, path)));
      }
      expect(problems).toEqual([]);
    });

    test('the open side menu, accessibility dialog and cookie banner detail view fit at every width', async ({ page }) => {
      test.setTimeout(120_000);
      await withSettings(page, fontSize, false);
      await page.goto('/');
      await waitForHydration(page);
      const problems: string[] = [];

      // The cookie banner's detail view (it shows on a first visit).
      const banner = page.locator('#cookie-banner');
      await banner.getByRole('button', { name: 'Customize' }).click();
      await expect(banner.getByRole('heading', { name: 'Cookie preferences' })).toBeVisible();
      problems.push(...(await checkWidths(page, 'cookie banner detail')));
      await banner.getByRole('button', { name: 'Essential Only' }).or(banner.getByRole('button', { name: 'Save Preferences' })).click();
      await expect(banner).toHaveCount(0);

      // The accessibility settings dialog.
      await page.getByRole('button', { name: 'Accessibility settings' }).click();
      const dialog = page.getByRole('dialog', { name: 'Accessibility settings' });
      await expect(dialog).toBeVisible();
      problems.push(...(await checkWidths(page, 'accessibility dialog')));
      await dialog.getByRole('button', { name: 'Done' }).click();
      await expect(dialog).toHaveCount(0);

      // The side menu: its button shows below the desktop breakpoint.
      problems.push(
        ...(await checkWidths(page, 'side menu', async (width) => {
          const opener = page.getByRole('button', { name: 'Open menu' });
          const menu = page.getByRole('dialog');
          if (width >= 1024) {
            if (await menu.isVisible()) await page.keyboard.press('Escape');
            await expect(menu).toHaveCount(0);
            return;
          }
          if (!(await menu.isVisible())) {
            await opener.click();
            await expect(menu).toBeVisible();
          }
        })),
      );
      expect(problems).toEqual([]);
    });
  });
}
