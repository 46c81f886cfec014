import {
  ACCESSIBILITY_STORAGE_KEY,
  applySettings,
  defaultSettings,
  parseSettings,
  REDUCED_MOTION_QUERY,
  type AccessibilitySettings,
} from './accessibility-settings';

// The settings as an external store for useSyncExternalStore. The before-paint script has already put the
// stored settings on <html>; this store keeps <html>, storage and React in step after every change.

export const serverSettings: AccessibilitySettings = defaultSettings(false);

let cached: AccessibilitySettings | null = null;
const listeners = new Set<() => void>();

export function systemPrefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(REDUCED_MOTION_QUERY).matches;
}

export function getSettingsSnapshot(): AccessibilitySettings {
  if (!cached) {
    let raw: string | null = null;
    try {
      raw = window.localStorage.getItem(ACCESSIBILITY_STORAGE_KEY);
    } catch {
      // Storage blocked by the browser: the defaults.
    }
    cached = parseSettings(raw, systemPrefersReducedMotion());
  }
  return cached;
}

export function subscribeToSettings(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Applies settings at once (on <html>), stores them, and re-renders subscribers. */
export function setSettings(next: AccessibilitySettings): void {
  cached = next;
  applySettings(document.documentElement, next);
  try {
    window.localStorage.setItem(ACCESSIBILITY_STORAGE_KEY, JSON.stringify(next));
  } catch {
    // Storage blocked or full: the settings still apply for this visit.
  }
  listeners.forEach((listener) => listener());
}

export function resetSettings(): void {
  setSettings(defaultSettings(systemPrefersReducedMotion()));
}

/** For tests: forget the cached snapshot so the next read comes from storage. */
export function resetSettingsStoreForTests(): void {
  cached = null;
}
