import type { ReactNode } from 'react';
import type { IslandName } from '@/components/island/island-attributes';

/** An island's module: renders the island over its prerendered markup, reading what it needs from it. */
export interface IslandModule {
  render: (container: HTMLElement) => ReactNode;
}

/** Every island's code, loaded on demand (src/app/adopted-page.tsx). */
export const islandModules: Record<IslandName, () => Promise<IslandModule>> = {
  'faq-browser': () => import('@/features/faq/faq-browser-island'),
  tabs: () => import('@/components/ui/tabs-island'),
  'booking-calendar': () => import('@/features/booking/booking-calendar-island'),
};
