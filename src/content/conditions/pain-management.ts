import { paths } from '@/config/paths';
import { conditionPage } from '../conditions';

// Copy of pain-management (docs/product-rules.md §2 "Category landing pages"); its own module so the page ships only its own copy.
export const painManagementPage = conditionPage({
  path: paths.painManagement,
  serviceId: 'pain',
  seo: {
    title: 'Hypnotherapy for Pain Management',
    description:
      'Online hypnotherapy for chronic pain, migraines and IBS, alongside your medical care. 50-minute appointments with a registered UK hypnotherapist.',
    keywords: [
      'pain management hypnotherapy',
      'chronic pain hypnosis',
      'IBS hypnotherapy',
      'migraine hypnotherapy',
    ],
  },
  eyebrow: 'Pain Management',
  heading: 'Live More Comfortably with Pain',
  intro:
    'Pain is real, and so is the way the brain turns its volume up or down. Hypnotherapy, alongside the care of your GP or specialist, teaches you to turn it down and to rest, sleep and move more easily.',
  bookingLabel: 'Book a Pain Management Appointment',
  areasHeading: 'Conditions we help you manage',
  areas: [
    'Chronic back and neck pain',
    'Arthritis and joint pain',
    'Fibromyalgia',
    'Migraines and tension headaches',
    'Irritable bowel syndrome (IBS)',
    'Nerve pain',
    'Recovery after surgery or injury',
    'Dental and medical procedure anxiety',
    'Pain-related sleep problems',
  ],
  methodsHeading: 'How we work',
  methods: [
    {
      title: 'Pain Dial Technique',
      description: 'You learn to picture your pain on a dial and practise turning it down in hypnosis.',
    },
    {
      title: 'Glove Anaesthesia',
      description:
        'A classic technique for creating a sense of numbness that you can transfer where it helps.',
    },
    {
      title: 'Relaxation for Muscle Tension',
      description: 'Deep relaxation eases the tension that tightens around pain and makes it worse.',
    },
    {
      title: 'Sleep and Recovery Scripts',
      description: 'Personal recordings help you fall asleep and rest, when pain usually keeps you awake.',
    },
  ],
  testimonialCategory: 'Pain Management',
  closing: {
    title: 'Start feeling more in control',
    text: 'Hypnotherapy complements medical treatment and never replaces it. Book a first appointment to see how it can help you.',
  },
});
