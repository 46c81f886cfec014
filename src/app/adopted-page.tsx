import { startTransition, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  ISLAND_ATTRIBUTE,
  ISLAND_NEAR_VIEWPORT_ATTRIBUTE,
  STATIC_PAGE_ATTRIBUTE,
} from '@/components/island/island-attributes';
import { followInternalLink } from '@/lib/follow-internal-link';
import type { IslandNearViewport as IslandNearViewportComponent } from './island-near-viewport';
import { isIslandName, loadIsland, type IslandModule } from './islands';
import { IslandMount } from './island-mount';
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

function islandNameOf(element: Element): string | null {
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
  if (elements.some((element) => islandNameOf(element) === null)) return false;
  const nearViewport = elements.filter((element) => element.hasAttribute(ISLAND_NEAR_VIEWPORT_ATTRIBUTE));
  const withPage = new Set(
    elements
      .filter((element) => !nearViewport.includes(element))
      .map((element) => islandNameOf(element) ?? ''),
  );
  try {
    const islands = new Map<string, IslandModule>();
    const [nearViewportModule] = await Promise.all([
      nearViewport.length > 0 ? import('./island-near-viewport') : null,
      ...[...withPage].map(async (name) => islands.set(name, await loadIsland(name))),
    ]);
    adoption = {
      pathname,
      html: page.innerHTML,
      islands,
      IslandNearViewport: nearViewportModule?.IslandNearViewport ?? null,
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
