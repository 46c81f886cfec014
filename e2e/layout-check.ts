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

  // Computed styles and boxes are read once per element: one check walks thousands of text runs.
  type Info = { overflow: ReturnType<typeof clips>; box: DOMRect; clip: string; position: string };
  const infos = new Map<Element, Info>();
  const info = (element: Element): Info => {
    let found = infos.get(element);
    if (!found) {
      const style = getComputedStyle(element);
      found = {
        overflow: clips(style),
        box: element.getBoundingClientRect(),
        clip: style.clip,
        position: style.position,
      };
      infos.set(element, found);
    }
    return found;
  };
  const memo = <T>(compute: (element: Element) => T) => {
    const cache = new Map<Element, T>();
    return (element: Element): T => {
      if (!cache.has(element)) cache.set(element, compute(element));
      return cache.get(element) as T;
    };
  };
  // A clipped box of a pixel or two is the visually-hidden pattern (sr-only), not a layout.
  const hidden: (element: Element) => boolean = memo((element) => {
    const { overflow, box, clip, position } = info(element);
    if (overflow.x && (box.width <= 2 || box.height <= 2)) return true;
    if (clip !== 'auto' && position === 'absolute') return true;
    return element.parentElement ? hidden(element.parentElement) : false;
  });
  // The element and its ancestors (below <body>) that clip their content.
  const clippers: (element: Element) => Element[] = memo((element) => {
    const above =
      element.parentElement && element.parentElement !== document.body ? clippers(element.parentElement) : [];
    const { overflow } = info(element);
    return overflow.x || overflow.y ? [element, ...above] : above;
  });

  for (const element of document.querySelectorAll('body *')) {
    const { overflow } = info(element);
    if (!overflow.scrollsX || element.scrollWidth <= element.clientWidth + TOLERANCE) continue;
    if (!element.checkVisibility({ checkVisibilityCSS: true }) || isLabelledRegion(element)) continue;
    problems.push(
      `${describe(element)} scrolls sideways by ${element.scrollWidth - element.clientWidth}px (only a labelled region may)`,
    );
  }

  // What must be fully visible: each text run (as its line boxes) and each control. `from` is the first
  // element whose clipping applies: a text's own parent, a control's parent.
  const targets: { label: string; from: Element | null; rects: DOMRect[] }[] = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!parent || !(node.textContent ?? '').trim()) continue;
    if (parent.closest('script, style, noscript, template, svg')) continue;
    if (!parent.checkVisibility({ checkVisibilityCSS: true, checkOpacity: true }) || hidden(parent)) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    const rects = [...range.getClientRects()].filter((rect) => rect.width > 0 && rect.height > 0);
    if (rects.length)
      targets.push({ label: `text "${(node.textContent ?? '').trim().slice(0, 40)}"`, from: parent, rects });
  }
  for (const control of document.querySelectorAll(
    'a[href], button, input:not([type="hidden"]), select, textarea, [role="switch"], [role="tab"], [tabindex="0"]',
  )) {
    if (!control.checkVisibility({ checkVisibilityCSS: true, checkOpacity: true }) || hidden(control))
      continue;
    const rect = info(control).box;
    if (rect.width > 0 && rect.height > 0) {
      targets.push({ label: `control ${describe(control)}`, from: control.parentElement, rects: [rect] });
    }
  }

  const reported = new Set<string>();
  const report = (key: string, problem: string) => {
    if (reported.has(key)) return;
    reported.add(key);
    problems.push(problem);
  };
  for (const target of targets) {
    const cutters = target.from && target.from !== document.body ? clippers(target.from) : [];
    // Inside a labelled region that scrolls sideways, content is reached by scrolling that region.
    const inScrollRegion = cutters.some(
      (element) => isLabelledRegion(element) && info(element).overflow.scrollsX,
    );
    for (const rect of target.rects) {
      if (!inScrollRegion && (rect.left < -TOLERANCE || rect.right > viewportWidth + TOLERANCE)) {
        report(
          `${target.label} outside`,
          `${target.label} is outside the viewport sideways (${Math.round(rect.left)}..${Math.round(rect.right)} of ${viewportWidth})`,
        );
      }
      for (const ancestor of cutters) {
        const { overflow, box } = info(ancestor);
        const left = box.left + ancestor.clientLeft;
        const right = left + ancestor.clientWidth;
        const top = box.top + ancestor.clientTop;
        const bottom = top + ancestor.clientHeight;
        const cutX = overflow.x && (rect.left < left - TOLERANCE || rect.right > right + TOLERANCE);
        // A container that scrolls vertically may hold content below its fold; only hidden/clip cuts it.
        const cutY =
          overflow.y &&
          !overflow.scrollsY &&
          (rect.top < top - TOLERANCE || rect.bottom > bottom + TOLERANCE);
        if ((cutX && !(overflow.scrollsX && isLabelledRegion(ancestor))) || cutY) {
          report(
            `${target.label} cut by ${describe(ancestor)}`,
            `${target.label} is cut off by ${describe(ancestor)}`,
          );
          break;
        }
      }
    }
  }
  return problems;
}
