import { paths } from '@/config/paths';
import { prices, site } from '@/config/site';
import { formatPence } from '@/lib/format';

// Copy of the Home page (docs/product-rules.md §2 "Home").
export const homeContent = {
  seo: {
    title: 'Online Hypnotherapy in the UK',
    description: `Online hypnotherapy with a registered UK practitioner: 50-minute appointments from ${formatPence(prices.singleAppointmentPence)} and self-hypnosis audio from ${formatPence(prices.audioPence)}. Help with anxiety, habits, pain, weight and performance.`,
    keywords: [
      'hypnotherapy',
      'online hypnotherapy',
      'UK hypnotherapist',
      'self-hypnosis audio',
      'anxiety',
      'stop smoking',
      'weight management',
    ],
  },
  hero: {
    eyebrow: 'Registered UK hypnotherapist · Online appointments',
    title: 'Lasting change through online hypnotherapy',
    lead: 'Calm, evidence-based hypnotherapy for anxiety, habits, pain, weight and performance, from the privacy of your own home. Book a 50-minute online appointment or start today with a self-hypnosis audio.',
    guideLink: { label: 'Self-Hypnosis Inception Guide', to: paths.selfHypnosisGuide },
    bookingLabel: 'Schedule 50-Minute Appointment',
  },
  servicesHeading: 'Ways to work together',
  servicesLead: 'Choose the support that suits you, from instant audio sessions to one-to-one appointments.',
  services: [
    {
      id: 'audio',
      title: 'Self-Hypnosis Audio',
      badge: 'Most Popular',
      description: `Professionally recorded self-hypnosis sessions across 22 topics, ${formatPence(prices.audioPence)} each, or packages of three related audios with the free Inception Guide for ${formatPence(prices.packagePence)}. Stream or download them whenever you need them.`,
      action: { kind: 'link', label: 'Browse the Audio Library', to: paths.audioLibrary },
    },
    {
      id: 'appointments',
      title: 'Private Online Appointments',
      badge: null,
      description: `One-to-one ${site.appointmentMinutes}-minute video appointments tailored to you, ${formatPence(prices.singleAppointmentPence)} each, or ${formatPence(prices.monthlyCoachingPence)} for a month of ${prices.monthlyCoachingAppointments} appointments with messaging support.`,
      action: { kind: 'link', label: 'Explore Appointments', to: paths.virtualAppointments },
    },
    {
      id: 'retreat',
      title: 'Mediterranean Retreat',
      badge: 'Coming Soon',
      description:
        'A small-group week of hypnotherapy, rest and sunshine on the Mediterranean coast. Dates and details will be announced soon.',
      action: { kind: 'disabled', label: 'Join Waitlist' },
    },
  ],
  // The six condition pages, one tap from the home page (the same labels as the menus).
  helpHeading: 'What we help with',
  helpLead: 'Each area has its own page: how hypnotherapy helps, what an appointment covers and what clients report.',
  helpAreas: [
    {
      title: 'Anxiety & Stress',
      text: 'Calm a nervous system that stays on alert, with quick tools to feel steady again.',
      to: paths.anxietyStress,
    },
    {
      title: 'Habits & Addictions',
      text: 'Smoking, vaping, drinking, nail biting: let the urge fade instead of fighting it every day.',
      to: paths.habitsAddictions,
    },
    {
      title: 'Weight Management',
      text: 'Ease cravings and emotional eating so healthy choices feel natural.',
      to: paths.weightManagement,
    },
    {
      title: 'Pain Management',
      text: 'Alongside your GP’s care, learn to turn the volume of pain down and rest more easily.',
      to: paths.painManagement,
    },
    {
      title: 'Sports Performance',
      text: 'Sharpen focus, settle nerves and make your best performance repeatable.',
      to: paths.sportsPerformance,
    },
    {
      title: 'Professional Performance',
      text: 'Quiet self-doubt so you can present, lead and decide with confidence.',
      to: paths.professionalPerformance,
    },
  ],
  reasonsHeading: 'Why clients choose this practice',
  reasons: [
    {
      title: 'Registered and accountable',
      text: 'A fully qualified, insured practitioner on an accredited register, working to a published code of ethics.',
    },
    {
      title: 'Private and convenient',
      text: 'Appointments by secure video from wherever you feel most comfortable. No waiting rooms, no travel.',
    },
    {
      title: 'Focused on results',
      text: 'Clear goals agreed at the start, practical self-hypnosis skills to keep, and progress you can measure.',
    },
    {
      title: 'Support between sessions',
      text: 'Tailored audio to reinforce each appointment, and messaging support on the monthly programme.',
    },
  ],
  closing: {
    title: 'Ready to take the first step?',
    text: 'Book a 50-minute online appointment at a time that suits you. You will receive a confirmation straight away.',
    bookingLabel: 'Schedule 50-Minute Appointment',
    link: { label: 'Read the FAQ', to: paths.faq },
  },
} as const;
