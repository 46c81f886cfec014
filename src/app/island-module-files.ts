import type { IslandName } from '@/components/island/island-attributes';

// Source file of each island's module, for the prerender step to preload an adopted page's islands from
// Vite's manifest. Imported only by the server entry; a unit test keeps it in step with islands.ts.
export const islandModuleFiles: Record<IslandName, string> = {
  'faq-browser': 'src/features/faq/faq-browser-island.tsx',
  tabs: 'src/components/ui/tabs-island.tsx',
  'booking-calendar': 'src/features/booking/booking-calendar-island.tsx',
};
