import { startTransition, useEffect, useState } from 'react';
import { IslandMount } from './island-mount';
import { loadIsland, type IslandModule } from './islands';

// Loaded only for a page with such an island (src/app/adopted-page.tsx), so no other page's first load carries it.

/**
 * An island whose code loads as it comes near the viewport (half a screen ahead), or as soon as the visitor
 * focuses or presses something in it (ISLAND_NEAR_VIEWPORT_ATTRIBUTE).
 */
export function IslandNearViewport({ container, name }: { container: HTMLElement; name: string }) {
  const [island, setIsland] = useState<IslandModule | null>(null);
  useEffect(() => {
    let started = false;
    const load = () => {
      if (started) return;
      started = true;
      loadIsland(name).then(
        (loaded) => startTransition(() => setIsland(loaded)),
        (error: unknown) => console.warn('Could not load part of the page:', error),
      );
    };
    // A press made meanwhile waits for the island (src/lib/early-input-script.ts), which presses it again.
    container.addEventListener('focusin', load);
    container.addEventListener('pointerdown', load);
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
    };
  }, [container, name]);
  return island ? <IslandMount container={container} island={island} /> : null;
}
