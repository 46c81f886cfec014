import { startTransition, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useNavigate } from 'react-router-dom';
import { ISLAND_ATTRIBUTE, STATIC_PAGE_ATTRIBUTE, type IslandName } from '@/components/island/island-attributes';
import { followInternalLink } from '@/lib/follow-internal-link';
import { islandModules, type IslandModule } from './islands';
import { useHydratedMarker } from './lazy-page';

// A marketing page is text, links and a few interactive parts (islands). On its first load the prerendered
// markup is already on screen, so the app adopts it as it is instead of loading the page's code and hydrating
// every paragraph: only the islands load, each mounted over its own markup. This keeps a marketing page's
// first JavaScript within its budget (ARCHITECTURE.md) and its hydration short. A later visit to the page in
// the same session (client-side navigation) renders it from its module as any page.

export interface Adoption {
  pathname: string;
  /** The page's prerendered markup, handed back to React unchanged. */
  html: string;
  islands: ReadonlyMap<string, IslandModule>;
}

let adoption: Adoption | null = null;

/** The prerendered <title>/<meta>/<link> tags: a page React renders inserts its own. */
export function removePrerenderedHead(): void {
  document.head.querySelectorAll('[data-prerendered]').forEach((node) => node.remove());
}

function islandNameOf(element: Element): IslandName | null {
  const name = element.getAttribute(ISLAND_ATTRIBUTE);
  return name !== null && name in islandModules ? (name as IslandName) : null;
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
    await Promise.all(
      [...new Set(names as IslandName[])].map(async (name) => islands.set(name, await islandModules[name]())),
    );
    adoption = { pathname, html: page.innerHTML, islands };
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
 * Once the visitor leaves the adopted page, its head tags go with it (the next page renders its own); a
 * later visit to it renders it from its module. The layout calls this on every path change; a layout effect
 * runs after the next page has inserted its own tags and before the browser paints.
 */
export function useLeaveAdoptedPage(pathname: string): void {
  useLayoutEffect(() => {
    if (!adoption || adoption.pathname === pathname) return;
    adoption = null;
    removePrerenderedHead();
  }, [pathname]);
}

/** One island, mounted over its prerendered markup in the same commit, so nothing moves on screen. */
function IslandMount({ container, island }: { container: HTMLElement; island: IslandModule }) {
  const [mount] = useState(() => ({
    prerendered: [...container.childNodes],
    content: island.render(container),
  }));
  useLayoutEffect(() => {
    for (const node of mount.prerendered) node.remove();
  }, [mount]);
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
    const mounts = [...element.querySelectorAll<HTMLElement>(`[${ISLAND_ATTRIBUTE}]`)].map((container, index) => {
      const island = page.islands.get(container.getAttribute(ISLAND_ATTRIBUTE) ?? '');
      return island ? <IslandMount key={index} container={container} island={island} /> : null;
    });
    // In a transition, as the hydration before it: React yields to the browser between the islands' parts.
    startTransition(() => setIslands(mounts));
  }, [page]);
  useHydratedMarker(islands !== null);

  // Links in the adopted markup are plain <a> elements: follow them in the app as <Link> would. A document
  // listener runs after React's own, so a link an island renders with <Link> is not followed twice.
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (event.target instanceof Node && ref.current?.contains(event.target)) followInternalLink(event, navigate);
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
