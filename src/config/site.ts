import { env } from './env';
import { scheduler } from './scheduler';

// The practice's identity, contacts, booking links and prices: one typed module (docs/product-rules.md D1 "Practice
// identity"). Neutral placeholders by default; a deployer overrides them with VITE_ variables.

/** Money is kept in pence and formatted with en-GB rules (docs/product-rules.md D5 "Prices"). */
export const prices = {
  audioPence: 299,
  packagePence: 699,
  singleAppointmentPence: 12_000,
  monthlyCoachingPence: 36_000,
  monthlyCoachingUsdApprox: 450,
  monthlyCoachingAppointments: 4,
  workshops: [
    { participants: '8-12 participants', pence: 85_000, from: false },
    { participants: '15-25 participants', pence: 150_000, from: false },
    { participants: '25+ participants', pence: 250_000, from: true },
  ],
} as const;

export const site = {
  practiceName: env.practiceName ?? 'Mindful Change Hypnotherapy',
  practitionerName: env.practitionerName ?? 'Alex Morgan',
  practitionerTitle: 'Clinical Hypnotherapist',
  tagline: 'Evidence-based hypnotherapy, online and on your schedule.',
  description:
    'Professional hypnotherapy services for lasting change. Privacy-focused, convenient, and results-driven.',
  origin: env.siteOrigin,
  email: env.contactEmail ?? 'hello@example.com',
  phone: env.contactPhone ?? '+44 20 7946 0000',
  country: 'GB',
  locale: 'en_GB',
  themeColor: '#6d28d9',
  defaultShareImage: '/images/hero-share.png',
  professionalProfileUrl: env.professionalProfileUrl ?? 'https://www.linkedin.com/',
  appointmentMinutes: 50,
  scheduler,
  launchYear: 2024,
} as const;

/** Absolute URL on the configured origin, for canonicals, sitemaps and structured data. */
export function absoluteUrl(path: string): string {
  return new URL(path, site.origin).toString();
}
