// The layout check run in the page by e2e/layout.spec.ts (kept apart so it can also be run by hand).

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
export function findLayoutProblems(): string[] {
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
    // Inside a labelled region that scrolls sideways, content is reached by scrolling that region.
    const inScrollRegion = (() => {
      for (let node = target.element.parentElement; node; node = node.parentElement) {
        if (isLabelledRegion(node) && clips(getComputedStyle(node)).scrollsX) return true;
      }
      return false;
    })();
    for (const rect of target.rects) {
      if (!inScrollRegion && (rect.left < -TOLERANCE || rect.right > viewportWidth + TOLERANCE)) {
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

