import { paths } from '@/config/paths';
import { conditionPage } from '../conditions';

// Copy of habits-addictions (docs/product-rules.md §2 "Category landing pages"); its own module so the page ships only its own copy.
export const habitsAddictionsPage = conditionPage({
  path: paths.habitsAddictions,
  serviceId: 'habits',
  seo: {
    title: 'Hypnotherapy for Habits & Addictions',
    description:
      'Online hypnotherapy to stop smoking, quit vaping, cut down alcohol and break unwanted habits. 50-minute appointments with a registered UK hypnotherapist, usually 2-3 sessions.',
    keywords: ['stop smoking hypnotherapy', 'quit vaping', 'habit hypnotherapy', 'addiction hypnotherapy UK'],
  },
  eyebrow: 'Habits & Addictions',
  heading: 'Break Free from Habits and Addictions',
  intro:
    'Habits run on autopilot, which is why willpower alone so often fails. Hypnotherapy works with the part of the mind that runs the autopilot, so the urge fades instead of being fought every day.',
  bookingLabel: 'Book a Habits Appointment',
  areasHeading: 'Habits we help you change',
  areas: [
    'Smoking',
    'Vaping',
    'Alcohol',
    'Comfort eating and sugar',
    'Nail-biting',
    'Hair-pulling and skin-picking',
    'Gambling urges',
    'Excessive screen and phone use',
    'Caffeine dependence',
  ],
  methodsHeading: 'How we work',
  methods: [
    {
      title: 'Trigger Mapping',
      description:
        'We identify exactly when, where and why the habit starts, so change targets the real cues.',
    },
    {
      title: 'Suggestion Therapy',
      description: 'Direct hypnotic suggestions weaken the urge and strengthen the choice you actually want.',
    },
    {
      title: 'Replacement Routines',
      description:
        'A calming alternative is rehearsed in hypnosis until it becomes the new automatic response.',
    },
    {
      title: 'Self-Hypnosis Reinforcement',
      description: 'A personal recording helps you stay on track between appointments and afterwards.',
    },
  ],
  testimonialCategory: 'Habits & Addictions',
  closing: {
    title: 'Ready to leave the habit behind?',
    text: 'Most clients need two or three 50-minute appointments. Book your first one today, from home.',
  },
});
