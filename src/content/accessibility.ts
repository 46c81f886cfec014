// Texts of the accessibility settings dialog (docs/product-rules.md §3 "Accessibility settings", §4 "Accessibility dialog").
// Loaded with the dialog chunk only; the header button's label lives in settings-chrome.ts.

export type AccessibilityToggle = 'highContrast' | 'reducedMotion' | 'announcements' | 'keyboardNavigation';
export type FontSizeOption = 'small' | 'medium' | 'large' | 'extra-large';

export const accessibilityDialogText = {
  title: 'Accessibility settings',
  intro: 'Changes apply straight away and are remembered on this device.',
  close: 'Close accessibility settings',
  fontSizeLegend: 'Font size',
  reset: 'Reset to Defaults',
  done: 'Done',
} as const;

export const accessibilityToggleText: Record<AccessibilityToggle, { label: string; description: string }> = {
  highContrast: {
    label: 'High contrast',
    description: 'Black text on white with stronger colours and borders.',
  },
  reducedMotion: {
    label: 'Reduce motion',
    description: 'Stops animations, transitions and smooth scrolling.',
  },
  announcements: {
    label: 'Screen reader announcements',
    description: 'Announces page changes and notifications.',
  },
  keyboardNavigation: {
    label: 'Strong focus outlines',
    description: 'Shows a thick outline around whatever has keyboard focus.',
  },
};

export const fontSizeText: Record<FontSizeOption, string> = {
  small: 'Small',
  medium: 'Medium',
  large: 'Large',
  'extra-large': 'Extra large',
};
