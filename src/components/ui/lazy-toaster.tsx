import { lazy, Suspense, useEffect, useState } from 'react';
import { onToastRequested } from '@/lib/toast';

// Loaded the first time a toast is shown (docs/product-rules.md §9: 5 seconds, one visible at a time).
const SonnerToaster = lazy(() => import('./sonner-toaster').then((m) => ({ default: m.SonnerToaster })));

export function LazyToaster() {
  const [needed, setNeeded] = useState(false);
  useEffect(() => onToastRequested(() => setNeeded(true)), []);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <SonnerToaster />
    </Suspense>
  );
}
