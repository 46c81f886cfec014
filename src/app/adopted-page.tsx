import { startTransition, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useNavigate } from '@/lib/router';
import { claimEarlyInput } from '@/lib/early-input';
import { EARLY_CONTROL_ATTRIBUTE } from '@/lib/early-input-script';
import {
  ISLAND_ATTRIBUTE,
  isIslandName,
  islandsLoadedNearViewport,
  STATIC_PAGE_ATTRIBUTE,
  type IslandName,
} from '@/components/island/island-attributes';
import { followInternalLink } from '@/lib/follow-internal-link';
import type { IslandNearViewport as IslandNearViewportComponent } from './island-near-viewport';
import { islandModules, type IslandModule } from './islands';
import { useHydratedMarker } from './lazy-page';

// A marketing page is text, links and a few interactive parts (islands). On its first load the prerendered
// markup is already on screen, so the app adopts it as it is instead of loading the page's code and hydrating
// every paragraph: only the islands load, each mounted over its own markup. This keeps a marketing page's
// first JavaScript within its budget (docs/decisions/0002-first-js-budget.md) and its hydration short. A later visit to the page in
// the same session (client-side navigation) renders it from its module as any page.

export interface Adoption {
  pathname: string;
  /** The page's prerendered markup, handed back to React unchanged. */
  html: string;
  /** The islands loaded with the page. */
  islands: ReadonlyMap<string, IslandModule>;
  /** What mounts the others as they near the viewport: loaded only for a page that has such islands. */
  IslandNearViewport: typeof IslandNearViewportComponent | null;
}

let adoption: Adoption | null = null;

function islandNameOf(element: Element): IslandName | null {
  const name = element.getAttribute(ISLAND_ATTRIBUTE);
  return isIslandName(name) ? name : null;
}

/**
 * Before hydration (src/main.tsx): when the prerendered page is a marketing page, keeps its markup and loads
 * its islands' code. Resolves false when there is nothing to adopt, or an island's code could not be loaded
 * (the page then loads and hydrates as any other).
 */
export async function prepareAdoption(root: ParentNode, pathname: string): Promise<boolean> {
  const page = root.querySelector(`[${STATIC_PAGE_ATTRIBUTE}]`);
  if (!page) return false;
  const elements = [...page.querySelectorAll(`[${ISLAND_ATTRIBUTE}]`)];
  const names = elements.map(islandNameOf);
  if (names.some((name) => name === null)) return false;
  try {
    const islands = new Map<string, IslandModule>();
    const unique = [...new Set(names as IslandName[])];
    const loadedWithPage = unique.filter((name) => !islandsLoadedNearViewport.has(name));
    const [nearViewport] = await Promise.all([
      unique.length > loadedWithPage.length ? import('./island-near-viewport') : null,
      ...loadedWithPage.map(async (name) => islands.set(name, await islandModules[name]())),
    ]);
    adoption = {
      pathname,
      html: page.innerHTML,
      islands,
      IslandNearViewport: nearViewport?.IslandNearViewport ?? null,
    };
    return true;
  } catch (error) {
    console.warn('Could not load part of the page; loading all of it instead:', error);
    return false;
  }
}

/** The adopted page for this path: only on the first load's path, until the visitor leaves it. */
export function adoptedPageFor(pathname: string): Adoption | null {
  return adoption?.pathname === pathname ? adoption : null;
}

/**
 * Once the visitor leaves the adopted page, a later visit to it renders it from its module. Its head tags
 * stay until the next page has rendered its own (src/app/lazy-page.tsx), so there is always a title. The
 * layout calls this on every path change.
 */
export function useLeaveAdoptedPage(pathname: string): void {
  useLayoutEffect(() => {
    if (adoption && adoption.pathname !== pathname) adoption = null;
  }, [pathname]);
}

/** The control with this identity in an island's markup (EARLY_CONTROL_ATTRIBUTE). */
function controlByKey(root: ParentNode, key: string | null): HTMLElement | null {
  if (key === null) return null;
  const control = root.querySelector(`[${EARLY_CONTROL_ATTRIBUTE}="${CSS.escape(key)}"]`);
  return control instanceof HTMLElement ? control : null;
}

/** Keyboard focus (and a text field's caret) in the prerendered markup, by the control's identity. */
function focusIn(nodes: readonly Node[]) {
  const active = document.activeElement;
  if (!active || !nodes.some((node) => node.contains(active))) return null;
  const field = active instanceof HTMLInputElement || active instanceof HTMLTextAreaElement ? active : null;
  return {
    key: active.getAttribute(EARLY_CONTROL_ATTRIBUTE),
    selection: field
      ? ([field.selectionStart, field.selectionEnd, field.selectionDirection ?? undefined] as const)
      : null,
  };
}

/**
 * One island, mounted over its prerendered markup in the same commit, so nothing moves on screen. What the
 * visitor did before its code arrived carries over by identity (EARLY_CONTROL_ATTRIBUTE), never by position:
 * keyboard focus and a text field's caret move to the island's control with the same key, and each button
 * pressed (src/lib/early-input-script.ts) is pressed again on it; a press on a control the island does not
 * render (e.g. 'Load calendar' for a visitor who has already consented) does nothing. Text typed into a field
 * is the island's to read from the markup (e.g. src/features/faq/faq-browser-island.tsx).
 */
export function IslandMount({ container, island }: { container: HTMLElement; island: IslandModule }) {
  const [mount] = useState(() => ({
    prerendered: [...container.childNodes],
    content: island.render(container),
  }));
  useLayoutEffect(() => {
    // The island's own layout effects have run (it has read and moved what it needs); the rest goes now.
    const presses = claimEarlyInput(container);
    const focused = focusIn(mount.prerendered);
    for (const node of mount.prerendered) node.remove();
    const target = controlByKey(container, focused?.key ?? null);
    if (target) {
      target.focus();
      if (focused?.selection && (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement))
        target.setSelectionRange(...focused.selection);
    }
    for (const press of presses) controlByKey(container, press.key)?.click();
  }, [mount, container]);
  return createPortal(mount.content, container);
}

/** A marketing page's prerendered markup, adopted unchanged, with its islands mounted after hydration. */
export function AdoptedPage({ page }: { page: Adoption }) {
  const navigate = useNavigate();
  const ref = useRef<HTMLDivElement>(null);
  const [islands, setIslands] = useState<ReactNode[] | null>(null);

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const mounts = [...element.querySelectorAll<HTMLElement>(`[${ISLAND_ATTRIBUTE}]`)].map(
      (container, index) => {
        const name = islandNameOf(container);
        const island = page.islands.get(name ?? '');
        if (island) return <IslandMount key={index} container={container} island={island} />;
        const { IslandNearViewport } = page;
        return name && IslandNearViewport ? (
          <IslandNearViewport key={index} container={container} name={name} />
        ) : null;
      },
    );
    // In a transition, as the hydration before it: React yields to the browser between the islands' parts.
    startTransition(() => setIslands(mounts));
  }, [page]);
  useHydratedMarker(islands !== null);

  // Links in the adopted markup are plain <a> elements: follow them in the app as <AppLink> does. A document
  // listener runs after React's own, so a link an island renders with <AppLink> is not followed twice.
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (event.target instanceof Node && ref.current?.contains(event.target))
        followInternalLink(event, navigate);
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, [navigate]);

  return (
    <>
      <div ref={ref} {...{ [STATIC_PAGE_ATTRIBUTE]: '' }} dangerouslySetInnerHTML={{ __html: page.html }} />
      {islands}
    </>
  );
}
