import { X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Button } from '@/components/ui/button';
import {
  accessibilityDialogText as text,
  accessibilityToggleText,
  fontSizeText,
  type AccessibilityToggle,
} from '@/content/accessibility';
import { fontSizes } from './accessibility-settings';
import { useAccessibilitySettings } from './accessibility-provider';
import { Switch } from '@/components/ui/switch';

const TITLE_ID = 'accessibility-dialog-title';
const INTRO_ID = 'accessibility-dialog-intro';
const toggles: readonly AccessibilityToggle[] = [
  'highContrast',
  'reducedMotion',
  'announcements',
  'keyboardNavigation',
];

interface AccessibilityDialogProps {
  /** Called once the dialog has closed (Escape, the close buttons, or a click on the backdrop). */
  onClose: () => void;
}

/**
 * The accessibility settings (docs/product-rules.md §4 "Accessibility dialog"): a native modal <dialog> (focus stays inside,
 * Escape closes it) whose switches and font-size radios apply at once.
 */
export function AccessibilityDialog({ onClose }: AccessibilityDialogProps) {
  const { settings, updateSettings, resetToDefaults } = useAccessibilitySettings();
  const dialogRef = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);

  const close = () => dialogRef.current?.close();

  return (
    // The backdrop click is a pointer shortcut; keyboard users close with Escape (native) or the buttons.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
    <dialog
      ref={dialogRef}
      aria-labelledby={TITLE_ID}
      aria-describedby={INTRO_ID}
      onClose={onClose}
      onClick={(event) => {
        // A click on the backdrop (the dialog element itself, outside the panel) closes it.
        if (event.target === event.currentTarget) close();
      }}
      className="m-auto max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg overflow-y-auto whitespace-normal rounded-xl border border-border bg-background p-0 text-foreground shadow-xl backdrop:bg-black/50"
    >
      <div className="p-4 sm:p-6">
        <div className="flex items-start justify-between gap-4">
          <h2 id={TITLE_ID} className="font-serif text-2xl font-bold">
            {text.title}
          </h2>
          <Button variant="ghost" size="icon" className="-mt-2 -mr-2" aria-label={text.close} onClick={close}>
            <X aria-hidden="true" />
          </Button>
        </div>
        <p id={INTRO_ID} className="mt-1 text-muted-foreground">
          {text.intro}
        </p>

        <ul className="mt-4 divide-y divide-border border-y border-border">
          {toggles.map((key) => {
            const id = `a11y-${key}`;
            return (
              <li key={key} className="flex items-center justify-between gap-4 py-3">
                <div className="min-w-0">
                  <label htmlFor={id} className="font-semibold">
                    {accessibilityToggleText[key].label}
                  </label>
                  <p id={`${id}-description`} className="text-sm text-muted-foreground">
                    {accessibilityToggleText[key].description}
                  </p>
                </div>
                <Switch
                  id={id}
                  checked={settings[key]}
                  aria-describedby={`${id}-description`}
                  onChange={(event) => updateSettings({ [key]: event.target.checked })}
                />
              </li>
            );
          })}
        </ul>

        <fieldset className="mt-4">
          <legend className="font-semibold">{text.fontSizeLegend}</legend>
          <div className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-4">
            {fontSizes.map((size) => (
              <label
                key={size}
                className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border-2 border-border px-3 py-2 has-[:checked]:border-primary has-[:checked]:bg-primary-soft"
              >
                <input
                  type="radio"
                  name="accessibility-font-size"
                  value={size}
                  className="size-5 shrink-0 accent-primary"
                  checked={settings.fontSize === size}
                  onChange={() => updateSettings({ fontSize: size })}
                />
                {fontSizeText[size]}
              </label>
            ))}
          </div>
        </fieldset>

        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
          <Button variant="secondary" onClick={resetToDefaults}>
            {text.reset}
          </Button>
          <Button onClick={close}>{text.done}</Button>
        </div>
      </div>
    </dialog>
  );
}
