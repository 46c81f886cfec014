import type { ReactNode } from 'react';

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
    <div {...{ [ISLAND_ATTRIBUTE]: name }} className="contents">
      {children}
    </div>
  );
}
