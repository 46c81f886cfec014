import { paths } from '@/config/paths';
import { conditionPage } from '../conditions';

// Copy of professional-performance (docs/product-rules.md §2 "Category landing pages"); its own module so the page ships only its own copy.
export const professionalPerformancePage = conditionPage({
  path: paths.professionalPerformance,
  serviceId: 'professional',
  seo: {
    title: 'Hypnotherapy for Professional Performance',
    description:
      'Online hypnotherapy for public speaking, imposter syndrome, interviews and leadership confidence. 50-minute appointments with a registered UK hypnotherapist.',
    keywords: [
      'public speaking hypnotherapy',
      'imposter syndrome help',
      'confidence hypnotherapy',
      'executive performance coaching',
    ],
  },
  eyebrow: 'Professional Performance',
  heading: 'Perform with Confidence at Work',
  intro:
    'Skills get you the role; confidence lets you use them. Hypnotherapy quiets self-doubt and nerves so you can present, lead and decide as well as you know you can.',
  bookingLabel: 'Book a Professional Performance Appointment',
  areasHeading: 'What professionals bring to us',
  areas: [
    'Public speaking and presentations',
    'Imposter syndrome',
    'Interview nerves',
    'Leadership confidence',
    'Procrastination',
    'Focus and productivity',
    'Assertiveness and difficult conversations',
    'Career transitions',
    'Work-life balance',
  ],
  methodsHeading: 'How we work',
  methods: [
    {
      title: 'Confidence Conditioning',
      description: 'Hypnotic suggestion builds a steady, realistic belief in your own ability.',
    },
    {
      title: 'Presentation Rehearsal',
      description:
        'Talks, pitches and interviews are rehearsed in hypnosis until they feel familiar and calm.',
    },
    {
      title: 'Focus Training',
      description: 'Techniques to enter deep focus on demand and protect it from distraction.',
    },
    {
      title: 'Inner Critic Reframing',
      description: 'Self-critical thoughts are recognised and replaced with constructive ones.',
    },
  ],
  testimonialCategory: 'Professional Performance',
  closing: {
    title: 'Show up as your most capable self',
    text: 'Most professionals work with us for three to five appointments, fitted around the working day.',
  },
});
