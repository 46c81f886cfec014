import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useHydratedStore } from '@/lib/hydration';
import { observeToasts } from '@/lib/toast';
import type { AccessibilitySettings } from './accessibility-settings';
import { getSettingsSnapshot, resetSettings, serverSettings, setSettings, subscribeToSettings } from './settings-store';

export interface AccessibilityValue {
  settings: AccessibilitySettings;
  /** Changes some settings; they apply at once and are stored. */
  updateSettings: (changes: Partial<AccessibilitySettings>) => void;
  resetToDefaults: () => void;
  /** Speaks a message through the polite live region, when announcements are on. */
  announce: (message: string) => void;
}

const AccessibilityContext = createContext<AccessibilityValue | null>(null);

export const ANNOUNCER_ID = 'a11y-announcer';

let speak: ((message: string) => void) | null = null;

function announce(message: string): void {
  if (message && getSettingsSnapshot().announcements) speak?.(message);
}

function updateSettings(changes: Partial<AccessibilitySettings>): void {
  setSettings({ ...getSettingsSnapshot(), ...changes });
}

const getServerSettings = () => serverSettings;

export function AccessibilityProvider({ children }: { children: ReactNode }) {
  // The server snapshot (defaults) during prerender and hydration, so the markup matches; <html> already
  // carries the stored settings, put there by the before-paint script.
  const settings = useHydratedStore(subscribeToSettings, getSettingsSnapshot, getServerSettings);
  const [message, setMessage] = useState('');

  useEffect(() => {
    // The same text twice in a row would not change the region; a trailing no-break space makes it new.
    speak = (next) => setMessage((current) => (current === next ? `${next}\u00a0` : next));
    // Toasts are spoken too (sonner's own region only appears with the first toast, which screen readers miss).
    const stopObserving = observeToasts(({ title, description }) =>
      announce(description ? `${title}. ${description}` : title),
    );
    return () => {
      speak = null;
      stopObserving();
    };
  }, []);

  // The same value unless the settings change: right after hydration React renders this provider once more
  // (lib/hydration.ts), synchronously; a new value then would make React hydrate every part of the page not yet
  // hydrated (it cannot tell whether they read this context) in that one synchronous task: the whole shop
  // list, a long task on a phone.
  const value = useMemo(
    () => ({ settings, updateSettings, resetToDefaults: resetSettings, announce }),
    [settings],
  );
  return (
    <AccessibilityContext.Provider value={value}>
      {children}
      <div id={ANNOUNCER_ID} role="status" aria-live="polite" aria-atomic="true" className="sr-only">
        {settings.announcements ? message : ''}
      </div>
    </AccessibilityContext.Provider>
  );
}

export function useAccessibilitySettings(): AccessibilityValue {
  const value = useContext(AccessibilityContext);
  if (!value) throw new Error('useAccessibilitySettings must be used within AccessibilityProvider');
  return value;
}
