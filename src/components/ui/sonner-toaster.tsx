import { useEffect } from 'react';
import { toast as sonner, Toaster } from 'sonner';
import { attachToastListener } from '@/lib/toast';

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
  return <Toaster position="top-center" duration={5000} visibleToasts={1} closeButton richColors />;
}
