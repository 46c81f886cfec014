import { startTransition, useEffect, useState } from 'react';
import type { IslandName } from '@/components/island/island-attributes';
import { controlsIn, IslandMount } from './adopted-page';
import { islandModules, type IslandModule } from './islands';

// Loaded only for a page with such an island (src/app/adopted-page.tsx), so no other page's first load carries it.

/**
 * An island whose code loads as it comes near the viewport (half a screen ahead), or as soon as the visitor
 * focuses or presses something in it (islandsLoadedNearViewport).
 */
export function IslandNearViewport({ container, name }: { container: HTMLElement; name: IslandName }) {
  const [loaded, setLoaded] = useState<{ island: IslandModule; early: { pressed: number | null } } | null>(
    null,
  );
  useEffect(() => {
    // Read when the island mounts: a press may come after its code has arrived but before it has mounted.
    const early = { pressed: null as number | null };
    let started = false;
    const load = () => {
      if (started) return;
      started = true;
      islandModules[name]().then(
        (island) => startTransition(() => setLoaded({ island, early })),
        (error: unknown) => console.warn('Could not load part of the page:', error),
      );
    };
    // A press on a button waits for the island (a link works on its own).
    const onClick = (event: MouseEvent) => {
      const button = event.target instanceof Element ? event.target.closest('button') : null;
      const index = button ? controlsIn([...container.childNodes]).indexOf(button) : -1;
      if (index < 0) return;
      early.pressed = index;
      load();
    };
    container.addEventListener('focusin', load);
    container.addEventListener('pointerdown', load);
    container.addEventListener('click', onClick);
    // Where the browser cannot tell (no IntersectionObserver), the island loads at once.
    const observer =
      typeof IntersectionObserver === 'undefined'
        ? null
        : new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && load(), {
            rootMargin: '50% 0px',
          });
    if (observer) for (const child of container.children) observer.observe(child);
    else load();
    return () => {
      observer?.disconnect();
      container.removeEventListener('focusin', load);
      container.removeEventListener('pointerdown', load);
      container.removeEventListener('click', onClick);
    };
  }, [container, name]);
  return loaded ? <IslandMount container={container} island={loaded.island} early={loaded.early} /> : null;
}
