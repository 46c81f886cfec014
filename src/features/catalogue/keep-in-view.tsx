import { Component, type ReactNode } from 'react';

// The prerendered shop pages show the catalogue of the last build; the live one replaces it once the page is
// idle (catalogue-api.ts). Prices, titles, new and withdrawn items or a category moved to the top change the
// height of what lies above the visitor, and the browser's own scroll anchoring cannot be relied on for it:
// it picks its own anchor, may pick none, and does nothing when the element itself moves to another place in
// the list. So the element the visitor is looking at is found (by its data-keep-in-view key) before React
// changes the DOM, and the page is scrolled by however far it moved (docs/catalogue-rebuild.md).

export const KEEP_IN_VIEW_ATTRIBUTE = 'data-keep-in-view';

interface Anchor {
  key: string;
  top: number;
}

/**
 * The keyed elements on screen, the one the visitor is most likely looking at first: the one holding keyboard
 * focus, then by distance from the middle of the screen (when two categories share the screen and one of them
 * moves, the middle one is kept). The rest are fallbacks for an element the new catalogue no longer has.
 */
function anchorsInView(): Anchor[] {
  const middle = window.innerHeight / 2;
  const focused = document.activeElement;
  const anchors: (Anchor & { rank: number })[] = [];
  for (const element of document.querySelectorAll<HTMLElement>(`[${KEEP_IN_VIEW_ATTRIBUTE}]`)) {
    const rect = element.getBoundingClientRect();
    if (rect.bottom <= 0 || rect.top >= window.innerHeight) continue;
    const distance =
      rect.top <= middle && rect.bottom >= middle
        ? 0
        : Math.min(Math.abs(rect.top - middle), Math.abs(rect.bottom - middle));
    const rank = focused && element.contains(focused) ? -1 : distance;
    anchors.push({ key: element.getAttribute(KEEP_IN_VIEW_ATTRIBUTE) ?? '', top: rect.top, rank });
  }
  return anchors.sort((a, b) => a.rank - b.rank);
}

function findKeyed(key: string): HTMLElement | null {
  for (const element of document.querySelectorAll<HTMLElement>(`[${KEEP_IN_VIEW_ATTRIBUTE}]`)) {
    if (element.getAttribute(KEEP_IN_VIEW_ATTRIBUTE) === key) return element;
  }
  return null;
}

interface KeepInViewProps {
  /** What the children show; a change of any entry (by identity) keeps the element in view where it was. */
  data: readonly unknown[];
  children: ReactNode;
}

/**
 * A class component for getSnapshotBeforeUpdate: the one moment React offers before it changes the DOM of an
 * update (a hook's effects all run after).
 */
export class KeepInView extends Component<KeepInViewProps> {
  override getSnapshotBeforeUpdate(previous: Readonly<KeepInViewProps>): Anchor[] | null {
    const changed =
      previous.data.length !== this.props.data.length ||
      previous.data.some((entry, index) => entry !== this.props.data[index]);
    if (!changed || window.scrollY === 0) return null;
    const anchors = anchorsInView();
    if (anchors.length === 0) return null;
    // Only this component moves the page for this update: the browser's scroll anchoring would correct for
    // an anchor of its own choosing as well.
    document.documentElement.style.overflowAnchor = 'none';
    return anchors;
  }

  override componentDidUpdate(_: Readonly<KeepInViewProps>, __: unknown, anchors: Anchor[] | null): void {
    if (!anchors) return;
    for (const anchor of anchors) {
      const element = findKeyed(anchor.key);
      if (!element) continue; // withdrawn from the catalogue: the next element on screen holds its place
      const moved = element.getBoundingClientRect().top - anchor.top;
      if (moved !== 0) window.scrollTo({ top: window.scrollY + moved, behavior: 'instant' });
      break;
    }
    requestAnimationFrame(() => document.documentElement.style.removeProperty('overflow-anchor'));
  }

  override render(): ReactNode {
    return this.props.children;
  }
}
