import { prices, site } from '@/config/site';
import { formatPence } from '@/lib/format';

// The appointment offer (docs/product-rules.md §1, docs/product-rules.md D5 "Prices"): one single appointment and the monthly programme.

export interface AppointmentPlan {
  id: 'single' | 'monthly';
  name: string;
  pence: number;
  price: string;
  /** Text after the price, e.g. 'per appointment'. */
  per: string;
  /** A second currency or equivalence line. */
  note?: string;
  recommended: boolean;
  features: readonly string[];
  bookingLabel: string;
}

export const appointmentPlans: readonly AppointmentPlan[] = [
  {
    id: 'single',
    name: 'Single Appointment',
    pence: prices.singleAppointmentPence,
    price: formatPence(prices.singleAppointmentPence),
    per: `per ${site.appointmentMinutes}-minute appointment`,
    recommended: false,
    features: [
      `One ${site.appointmentMinutes}-minute online appointment by secure video`,
      'A plan agreed around your goals',
      'A personalised self-hypnosis recording',
      'Follow-up summary by email',
    ],
    bookingLabel: 'Book a Single Appointment',
  },
  {
    id: 'monthly',
    name: 'Monthly Coaching Programme',
    pence: prices.monthlyCoachingPence,
    price: formatPence(prices.monthlyCoachingPence),
    per: 'per month',
    note: `About $${prices.monthlyCoachingUsdApprox} · ${prices.monthlyCoachingAppointments} appointments of ${site.appointmentMinutes} minutes`,
    recommended: true,
    features: [
      `${prices.monthlyCoachingAppointments} online appointments of ${site.appointmentMinutes} minutes each month`,
      'Instant-messaging support between appointments',
      'Personalised self-hypnosis recordings',
      'Progress reviews and an adjusted plan every month',
    ],
    bookingLabel: 'Start Monthly Coaching',
  },
];

export const pricingCopy = {
  heading: 'Simple, Transparent Pricing',
  lead: `Every appointment lasts ${site.appointmentMinutes} minutes and takes place online, wherever you feel comfortable.`,
  recommendedLabel: 'Recommended',
  footnote:
    'Book online in a new tab; you choose the time that suits you. Rescheduling needs 24 hours’ notice.',
} as const;
