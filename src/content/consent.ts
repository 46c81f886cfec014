// Texts of the cookie banner (docs/product-rules.md §4 "Cookie banner", docs/product-rules.md D16 "Cookie consent"). Loaded with the banner
// chunk only; the footer link's label lives in settings-chrome.ts, which every page loads.

export type OptionalCookieCategory = 'functional' | 'analytics' | 'marketing';

export interface CookieCategoryText {
  title: string;
  description: string;
}

export const cookieBannerText = {
  regionLabel: 'Cookie consent',
  title: 'Cookies on this site',
  // Kept short: a long paragraph appearing after load would become the page's largest paint (LCP).
  // Three lines on a 320 px phone, so the compact banner leaves the home page's call to action in view.
  intro:
    'Essential cookies only, unless you choose to load our booking calendar.',
  essentialOnly: 'Essential Only',
  acceptAll: 'Accept All',
  customize: 'Customize',
  close: 'Close cookie banner without saving',
  detailTitle: 'Cookie preferences',
  detailIntro: 'Choose which optional cookies we may use. You can change this at any time from “Cookie settings” in the footer.',
  back: 'Back',
  savePreferences: 'Save Preferences',
  alwaysOn: 'Always on',
  currentChoiceLabel: 'Your current choice:',
  currentChoice: {
    essentialOnly: 'essential cookies only.',
    all: 'all cookies.',
    custom: (enabled: readonly string[]) => `essential cookies plus ${enabled.join(', ')}.`,
  },
  privacyLink: 'Read our privacy policy',
} as const;

export const cookieCategoryText: Record<'essential' | OptionalCookieCategory, CookieCategoryText> = {
  essential: {
    title: 'Essential',
    description:
      'Needed for the site to work: signing in, your cart and remembering this choice. They cannot be turned off.',
  },
  functional: {
    title: 'Functional',
    description:
      'Let us embed the booking calendar of our scheduling provider, which sets its own cookies. Without them you can still book in a new tab.',
  },
  analytics: {
    title: 'Analytics',
    description: 'Would help us understand how the site is used. We do not run any analytics today.',
  },
  marketing: {
    title: 'Marketing',
    description: 'Would let us measure advertising. We do not run any marketing tools today.',
  },
};

/** Order of the switches in the detail view. */
export const optionalCookieCategories: readonly OptionalCookieCategory[] = ['functional', 'analytics', 'marketing'];
