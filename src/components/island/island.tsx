import type { ReactNode } from 'react';

import { EARLY_BOUNDARY_ATTRIBUTE } from '@/lib/early-input-script';
import { ISLAND_ATTRIBUTE, type IslandName } from './island-attributes';

interface IslandProps {
  name: IslandName;
  children: ReactNode;
}

/**
 * Marks an interactive part of a marketing page. The wrapper takes no box of its own (display: contents), so
 * the layout is the same with or without it.
 */
export function Island({ name, children }: IslandProps) {
  return (
    // A part of the page whose code takes over on its own: presses wait for it (src/lib/early-input-script.ts).
    <div {...{ [ISLAND_ATTRIBUTE]: name, [EARLY_BOUNDARY_ATTRIBUTE]: '' }} className="contents">
      {children}
    </div>
  );
}
