import { AccessibilityIcon } from '@/components/ui/first-load-icons';
import { lazy, Suspense, useRef, useState } from 'react';
import { buttonVariants } from '@/components/ui/button';
import { settingsChromeText } from '@/content/settings-chrome';

// The dialog's code loads when the button is first pressed.
const AccessibilityDialog = lazy(() =>
  import('./accessibility-dialog').then((m) => ({ default: m.AccessibilityDialog })),
);

/** The header button that opens the accessibility settings dialog, on every page. */
export function AccessibilitySettingsButton() {
  const [open, setOpen] = useState(false);
  // A new dialog instance on every press: after a quick Escape-then-Enter the closed instance's late 'close'
  // event must not shut the reopened one (an unmounted instance's events no longer reach React).
  const [instance, setInstance] = useState(0);
  const buttonRef = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className={buttonVariants({ variant: 'ghost', size: 'icon' })}
        aria-label={settingsChromeText.accessibilitySettings}
        title={settingsChromeText.accessibilitySettings}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => {
          setInstance((count) => count + 1);
          setOpen(true);
        }}
      >
        <AccessibilityIcon />
      </button>
      {open ? (
        <Suspense fallback={null}>
          <AccessibilityDialog
            key={instance}
            onClose={() => {
              setOpen(false);
              buttonRef.current?.focus();
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
