import { paths } from '@/config/paths';
import { conditionPage } from '../conditions';

// Copy of anxiety-stress (docs/product-rules.md §2 "Category landing pages"); its own module so the page ships only its own copy.
export const anxietyStressPage = conditionPage({
  path: paths.anxietyStress,
  serviceId: 'anxiety',
  seo: {
    title: 'Hypnotherapy for Anxiety & Stress',
    description:
      'Online hypnotherapy for anxiety, panic, worry and stress. Calm, practical 50-minute appointments with a registered UK hypnotherapist, usually 2-3 sessions.',
    keywords: [
      'anxiety hypnotherapy',
      'stress hypnotherapy',
      'panic attacks help',
      'online hypnotherapist UK',
    ],
  },
  eyebrow: 'Anxiety & Stress',
  heading: 'Find Calm in Anxiety and Stress',
  intro:
    'Anxiety is your mind trying to protect you, just too often and too loudly. Hypnotherapy helps your nervous system learn that it can stand down, and gives you quick tools to feel steady again.',
  bookingLabel: 'Book an Anxiety Appointment',
  areasHeading: 'What we can help with',
  areas: [
    'Generalised anxiety and worry',
    'Panic attacks',
    'Social anxiety',
    'Health anxiety',
    'Work stress and burnout',
    'Exam and test nerves',
    'Sleep problems and insomnia',
    'Fear of flying and other phobias',
    'Overthinking and rumination',
  ],
  methodsHeading: 'How we work',
  methods: [
    {
      title: 'Deep Relaxation Training',
      description: 'You learn how a calm body feels and how to return there in under a minute.',
    },
    {
      title: 'Cognitive Reframing',
      description: 'Anxious predictions are examined and replaced with balanced, believable thoughts.',
    },
    {
      title: 'Anchoring Calm',
      description:
        'A simple physical cue is linked to calm in hypnosis, ready to use before a meeting or on a train.',
    },
    {
      title: 'Future Rehearsal',
      description: 'Difficult situations are rehearsed in hypnosis until the real thing feels familiar.',
    },
  ],
  testimonialCategory: 'Anxiety & Stress',
  closing: {
    title: 'Take the first step towards calm',
    text: 'Appointments are online, so you can start from the place you feel safest. Most clients need two or three.',
  },
});
