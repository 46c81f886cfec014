// The few settings texts every page carries (header button, footer link). Kept apart from the banner and dialog
// texts so those stay in their lazily loaded chunks.
export const settingsChromeText = {
  accessibilitySettings: 'Accessibility settings',
  cookieSettings: 'Cookie settings',
} as const;
