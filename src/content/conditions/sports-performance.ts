import { paths } from '@/config/paths';
import { conditionPage } from '../conditions';

// Copy of sports-performance (docs/product-rules.md §2 "Category landing pages"); its own module so the page ships only its own copy.
export const sportsPerformancePage = conditionPage({
  path: paths.sportsPerformance,
  serviceId: 'sports',
  seo: {
    title: 'Hypnotherapy for Sports Performance',
    description:
      'Sports hypnotherapy online: focus under pressure, competition nerves, confidence and mental rehearsal. 50-minute appointments with a registered UK hypnotherapist.',
    keywords: [
      'sports hypnotherapy',
      'sports performance hypnosis',
      'competition nerves',
      'mental rehearsal',
    ],
  },
  eyebrow: 'Sports Performance',
  heading: 'Train the Mental Side of Your Game',
  intro:
    'At every level, the difference between training and competition is mostly in the mind. Hypnotherapy sharpens focus, settles nerves and makes your best performance more repeatable.',
  bookingLabel: 'Book a Sports Performance Appointment',
  areasHeading: 'Where athletes ask for help',
  areas: [
    'Pre-competition nerves',
    'Focus and concentration',
    'Confidence after mistakes',
    'Returning after injury',
    'Performance slumps',
    'Motivation for training',
    'Visualisation and mental rehearsal',
    'Flow and peak performance',
    'Recovery and sleep before events',
  ],
  methodsHeading: 'How we work',
  methods: [
    {
      title: 'Mental Rehearsal',
      description: 'Your best performance is rehearsed in vivid detail until your body knows the script.',
    },
    {
      title: 'Performance Anchors',
      description: 'A personal cue brings back focus and confidence between points, holes or plays.',
    },
    {
      title: 'Reset Routines',
      description: 'A short routine lets you let go of a mistake and be fully present for the next moment.',
    },
    {
      title: 'Arousal Control',
      description: 'You learn to raise or lower your energy to the level your sport needs.',
    },
  ],
  testimonialCategory: 'Sports Performance',
  closing: {
    title: 'Bring your training form to competition',
    text: 'Athletes usually work with us for three to five appointments, around their training and competition calendar.',
  },
});
