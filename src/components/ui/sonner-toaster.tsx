import { useEffect } from 'react';
import { toast as sonner, Toaster } from 'sonner';
import { attachToastListener } from '@/lib/toast';

/**
 * The accessibility settings' announcer speaks every toast (and honours the 'Screen reader announcements'
 * setting), so sonner's own region must not be a live region too, or each toast would be read twice.
 */
function silenceLiveRegion(section: HTMLElement | null): void {
  section?.setAttribute('aria-live', 'off');
  section?.removeAttribute('aria-relevant');
  section?.removeAttribute('aria-atomic');
}

export function SonnerToaster() {
  useEffect(
    () =>
      attachToastListener(({ variant, title, options }) => {
        if (variant === 'success') sonner.success(title, options);
        else if (variant === 'error') sonner.error(title, options);
        else sonner(title, options);
      }),
    [],
  );
  return (
    <Toaster
      ref={silenceLiveRegion}
      position="top-center"
      duration={5000}
      visibleToasts={1}
      closeButton
      richColors
    />
  );
}
