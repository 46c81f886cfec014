import { expect, type Page } from '@playwright/test';
import { walkWithTab } from './tab-walk';

// Keyboard: from the top of the page, Tab reaches every control in turn, each one visible with a visible focus
// indicator, and focus leaves the page at the end (no trap). Reduced motion (callers set it) makes scrolling instant,
// so a control Tab scrolls into view is on screen when it is checked. The presses go in batches (walkWithTab):
// the focus after every single press is still read and checked.
export async function expectKeyboardWalk(page: Page, label: string) {
  const MAX_PRESSES = 250;
  const focusAfterEachPress = await walkWithTab(
    page,
    () => {
      const element = document.activeElement;
      if (!element || element === document.body || element === document.documentElement) return null;
      // Focus has gone to the browser: the end of the page's tab order. The document may still name an element
      // as active then (sonner puts focus back on the control before its toasts when they lose it, as after
      // 'Close toast'), but nothing in the page is focused, so it shows no indicator and is not checked.
      if (!document.hasFocus()) return null;
      const describe = (el: Element) =>
        `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}"`;
      const style = getComputedStyle(element);
      const box = element.getBoundingClientRect();
      const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
      const shadow = style.boxShadow !== 'none';
      // The focused element must be on screen (after the browser scrolled it into view) and not hidden.
      const onScreen =
        box.width > 0 &&
        box.height > 0 &&
        box.bottom > 0 &&
        box.right > 0 &&
        box.top < innerHeight &&
        box.left < innerWidth;
      return {
        name: describe(element),
        indicator: outline || shadow,
        onScreen,
        visible: style.visibility !== 'hidden',
      };
    },
    {
      max: MAX_PRESSES,
      // The walk ends where focus leaves the page or comes back round to the first control.
      done: (focuses) =>
        focuses.some((focused, index) => !focused || (index > 0 && focused.name === focuses[0]?.name)),
    },
  );
  const problems: string[] = [];
  const seen: string[] = [];
  for (const [presses, focused] of focusAfterEachPress.entries()) {
    if (!focused) break; // Focus left the page: the end of the tab order, so no trap.
    if (seen.includes(focused.name) && seen[0] === focused.name) break;
    seen.push(focused.name);
    if (!focused.indicator) problems.push(`${focused.name}: no visible focus indicator`);
    if (!focused.onScreen || !focused.visible)
      problems.push(`${focused.name}: focused but not visible on screen`);
    if (presses === MAX_PRESSES - 1)
      problems.push('focus never left the page after 250 presses of Tab (a keyboard trap?)');
  }
  expect(seen.length, 'Tab reaches the controls of the page').toBeGreaterThan(5);
  expect(problems, `${label}:\n${problems.join('\n')}`).toEqual([]);
}
