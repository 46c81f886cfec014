import type { ReactNode } from 'react';

import { EARLY_BOUNDARY_ATTRIBUTE } from '@/lib/early-input-script';
import { ISLAND_ATTRIBUTE, ISLAND_NEAR_VIEWPORT_ATTRIBUTE } from './island-attributes';

interface IslandProps {
  /** The island's module is `<name>-island.tsx` (src/app/islands.ts); an unknown name fails the build. */
  name: string;
  /** Far down its page: its code loads as it comes near the viewport (ISLAND_NEAR_VIEWPORT_ATTRIBUTE). */
  loadNearViewport?: boolean;
  children: ReactNode;
}

/**
 * Marks an interactive part of a marketing page. The wrapper takes no box of its own (display: contents), so
 * the layout is the same with or without it.
 */
export function Island({ name, loadNearViewport = false, children }: IslandProps) {
  const attributes = {
    [ISLAND_ATTRIBUTE]: name,
    ...(loadNearViewport ? { [ISLAND_NEAR_VIEWPORT_ATTRIBUTE]: '' } : {}),
    // A part of the page whose code takes over on its own: presses wait for it (src/lib/early-input-script.ts).
    [EARLY_BOUNDARY_ATTRIBUTE]: '',
  };
  return (
    <div {...attributes} className="contents">
      {children}
    </div>
  );
}
