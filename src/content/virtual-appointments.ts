import { paths } from '@/config/paths';
import { prices, site } from '@/config/site';
import { formatPence } from '@/lib/format';

// Copy of /virtual-appointments (docs/product-rules.md §2) and of its embedded booking calendar (docs/product-rules.md D15 "Scheduler embed").

export const virtualAppointmentsContent = {
  seo: {
    title: 'Virtual Hypnotherapy Appointments',
    description: `Book a ${site.appointmentMinutes}-minute online hypnotherapy appointment (${formatPence(prices.singleAppointmentPence)}) for habits, anxiety, pain, weight, sports, sales or professional performance, or ${formatPence(prices.monthlyCoachingPence)} a month for ${prices.monthlyCoachingAppointments} appointments.`,
    keywords: [
      'online hypnotherapy',
      'virtual hypnotherapy appointment',
      'hypnotherapy UK',
      'book hypnotherapist',
      '50-minute hypnotherapy session',
    ],
  },
  hero: {
    title: 'Virtual Hypnotherapy Appointments',
    lead: `Private ${site.appointmentMinutes}-minute appointments by secure video, from wherever you feel most at ease. Choose your area, then pick a time that suits you.`,
    bookingLabel: 'Book a 50-Minute Appointment',
    calendarLink: 'See the Booking Calendar',
  },
  benefitsHeading: 'Why online appointments work',
  benefits: [
    {
      icon: 'home',
      title: 'From Your Own Space',
      text: 'Relax where you already feel safe. Many clients find hypnosis deepens more easily at home.',
    },
    {
      icon: 'lock',
      title: 'Private and Secure',
      text: 'Encrypted video, no waiting room, and notes kept confidential under UK data-protection law.',
    },
    {
      icon: 'clock',
      title: 'Flexible Times',
      text: 'Morning, lunchtime and evening appointments, with no travel time to fit around your day.',
    },
    {
      icon: 'headphones',
      title: 'Support Between Sessions',
      text: 'A personal self-hypnosis recording after each appointment keeps the progress going.',
    },
  ],
  servicesHeading: 'Choose your area',
  servicesLead:
    'Every plan is tailored to you. Here is what each area covers, how long it usually takes, and how clients rate it.',
  servicesTabsLabel: 'Service areas',
  featuresHeading: 'What we work on',
  durationLabel: 'Average duration',
  successLabel: 'Success rate',
  successNote: 'Reported by clients at their final appointment. Individual results vary.',
  learnMoreLabel: (title: string) => `Learn More about ${title}`,
  bookingLabel: 'Book This Appointment',
  pricingHeading: 'Appointment prices',
  closingNote: 'Not sure which area fits? Book a first appointment and we will decide together.',
  contactLink: { label: 'Ask a Question First', to: paths.contact },
} as const;
