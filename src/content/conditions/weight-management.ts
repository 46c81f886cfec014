import { paths } from '@/config/paths';
import { conditionPage } from '../conditions';

// Copy of weight-management (docs/product-rules.md §2 "Category landing pages"); its own module so the page ships only its own copy.
export const weightManagementPage = conditionPage({
  path: paths.weightManagement,
  serviceId: 'weight',
  seo: {
    title: 'Hypnotherapy for Weight Management',
    description:
      'Online hypnotherapy for emotional eating, cravings and lasting weight management. 50-minute appointments with a registered UK hypnotherapist, usually 3-5 sessions.',
    keywords: [
      'weight loss hypnotherapy',
      'emotional eating help',
      'hypnosis for cravings',
      'gastric band hypnosis',
    ],
  },
  eyebrow: 'Weight Management',
  heading: 'A Healthier Relationship with Food',
  intro:
    'Diets focus on what you eat; hypnotherapy focuses on why. By easing cravings and emotional eating, it makes healthy choices feel natural rather than a daily battle.',
  bookingLabel: 'Book a Weight Management Appointment',
  areasHeading: 'What we work on together',
  areas: [
    'Emotional and stress eating',
    'Sugar and snack cravings',
    'Night-time eating',
    'Portion control',
    'Eating too fast',
    'Motivation to exercise',
    'Body image and self-esteem',
    'Yo-yo dieting',
    'Keeping weight off long term',
  ],
  methodsHeading: 'How we work',
  methods: [
    {
      title: 'Craving Control',
      description:
        'Hypnotic suggestion weakens the pull of particular foods so you can take them or leave them.',
    },
    {
      title: 'Mindful Eating',
      description: 'You relearn hunger and fullness signals and eat more slowly, with more enjoyment.',
    },
    {
      title: 'Emotional Regulation',
      description: 'New ways to handle stress, boredom and low mood that do not involve food.',
    },
    {
      title: 'Motivation and Self-Image',
      description: 'Future visualisation builds a confident picture of yourself to move towards.',
    },
  ],
  testimonialCategory: 'Weight Management',
  closing: {
    title: 'Change the habits behind the weight',
    text: 'Most clients work with us for three to five appointments. The monthly programme adds messaging support in between.',
  },
});
