import { paths } from '@/config/paths';

// Texts of the shared chrome around every page (docs/product-rules.md §2 "Shared chrome").
export const primaryNavigation = [
  { label: 'Home', to: paths.home },
  { label: 'Virtual Appointments', to: paths.virtualAppointments },
  { label: 'Self-Hypnosis', to: paths.audioLibrary },
  { label: 'About', to: paths.about },
] as const;

/** The six condition pages, linked from the footer, the side menu and the home page (one tap from anywhere). */
export const conditionNavigation = [
  { label: 'Anxiety & Stress', to: paths.anxietyStress },
  { label: 'Habits & Addictions', to: paths.habitsAddictions },
  { label: 'Weight Management', to: paths.weightManagement },
  { label: 'Pain Management', to: paths.painManagement },
  { label: 'Sports Performance', to: paths.sportsPerformance },
  { label: 'Professional Performance', to: paths.professionalPerformance },
] as const;

/** Where a visitor with a question goes: in the footer and the side menu. */
export const helpNavigation = [
  { label: 'FAQ', to: paths.faq },
  { label: 'Contact', to: paths.contact },
] as const;

export const chromeText = {
  skipToContent: 'Skip to main content',
  skipToNavigation: 'Skip to main navigation',
  homeLinkLabel: 'home page',
  cart: 'Cart',
  signIn: 'Sign In',
  signUp: 'Sign Up',
  openMenu: 'Open menu',
  closeMenu: 'Close menu',
  menuTitle: 'Menu',
  menuBooking: 'Book an Appointment',
  conditionsHeading: 'What we help with',
  helpHeading: 'Questions',
  mainNavigationLabel: 'Main navigation',
  mobileNavigationLabel: 'Main navigation (menu)',
  myAccount: 'My Account',
  /** The phone header's avatar link: where it goes and who is signed in. */
  accountLinkLabel: (name: string) => `My Account, signed in as ${name}`,
  adminDashboard: 'Admin Dashboard',
  signOut: 'Sign Out',
  footerTagline: 'Hypnotherapy for lasting change, online across the UK.',
  footerContactHeading: 'Get in touch',
  footerLegalHeading: 'Information',
  privacyPolicy: 'Privacy Policy',
  terms: 'Terms and Conditions',
  sitemap: 'Sitemap',
  admin: 'Admin',
  allRightsReserved: 'All rights reserved.',
} as const;

/** 'item' or 'items', spoken after the cart badge's count. */
export function cartItemsUnit(count: number): string {
  return count === 1 ? 'item' : 'items';
}
