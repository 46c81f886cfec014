// Accessibility settings (docs/product-rules.md §3): their shape, defaults, parsing from storage, and how they show on <html>.
// The before-paint script (settings-script.ts) mirrors parseSettings and applySettings exactly.

export const ACCESSIBILITY_STORAGE_KEY = 'accessibility-settings';

export const fontSizes = ['small', 'medium', 'large', 'extra-large'] as const;
export type FontSize = (typeof fontSizes)[number];

export interface AccessibilitySettings {
  highContrast: boolean;
  reducedMotion: boolean;
  fontSize: FontSize;
  announcements: boolean;
  keyboardNavigation: boolean;
}

/** Classes and attribute on <html> that src/styles/index.css styles. */
export const htmlClasses = {
  highContrast: 'high-contrast',
  reducedMotion: 'reduce-motion',
  keyboardNavigation: 'keyboard-navigation',
} as const;
export const FONT_SIZE_ATTRIBUTE = 'data-font-size';

export const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

/** Defaults of docs/product-rules.md §3; reduced motion follows the system preference when nothing is stored. */
export function defaultSettings(systemPrefersReducedMotion: boolean): AccessibilitySettings {
  return {
    highContrast: false,
    reducedMotion: systemPrefersReducedMotion,
    fontSize: 'medium',
    announcements: true,
    keyboardNavigation: true,
  };
}

/**
 * The stored settings over the defaults: each field that is present and valid wins, anything else (missing
 * key, unreadable JSON, wrong types) falls back to its default.
 */
export function parseSettings(raw: string | null, systemPrefersReducedMotion: boolean): AccessibilitySettings {
  const defaults = defaultSettings(systemPrefersReducedMotion);
  let stored: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(raw ?? '{}');
    if (typeof parsed === 'object' && parsed !== null) stored = parsed as Record<string, unknown>;
  } catch {
    // Unreadable: the defaults.
  }
  const flag = (key: 'highContrast' | 'reducedMotion' | 'announcements' | 'keyboardNavigation') =>
    typeof stored[key] === 'boolean' ? stored[key] : defaults[key];
  return {
    highContrast: flag('highContrast'),
    reducedMotion: flag('reducedMotion'),
    fontSize: fontSizes.includes(stored.fontSize as FontSize) ? (stored.fontSize as FontSize) : defaults.fontSize,
    announcements: flag('announcements'),
    keyboardNavigation: flag('keyboardNavigation'),
  };
}

/** Shows the settings on <html>: the palette, motion, focus outlines and root font size follow in CSS. */
export function applySettings(root: HTMLElement, settings: AccessibilitySettings): void {
  for (const key of ['highContrast', 'reducedMotion', 'keyboardNavigation'] as const) {
    root.classList.toggle(htmlClasses[key], settings[key]);
  }
  root.setAttribute(FONT_SIZE_ATTRIBUTE, settings.fontSize);
}
