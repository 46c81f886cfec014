import { paths } from '@/config/paths';
import { serviceRates, type ServiceAreaId, type ServiceRate } from './service-rates';

// The seven service areas offered as 50-minute online appointments (docs/product-rules.md §3 "Service area", §9 rates).

export type { ServiceAreaId };

export interface ServiceArea extends ServiceRate {
  id: ServiceAreaId;
  title: string;
  /** Short label for the tab. */
  tabLabel: string;
  description: string;
  features: readonly string[];
  /** Typical number of appointments as text, e.g. '2-3 appointments'. */
  duration: string;
  success: string;
  specialPage: string;
}

function area(base: Omit<ServiceArea, keyof ServiceRate | 'success' | 'duration'>): ServiceArea {
  const rate = serviceRates[base.id];
  return {
    ...base,
    ...rate,
    duration: `${rate.appointments} appointments`,
    success: `${rate.successRate}% success rate`,
  };
}

export const serviceAreas: readonly ServiceArea[] = [
  area({
    id: 'habits',
    title: 'Habits & Addictions',
    tabLabel: 'Habits',
    description:
      'Break free from smoking, vaping, nail-biting, overeating and other unwanted habits by changing the automatic patterns that keep them going.',
    features: [
      'Stop smoking and vaping',
      'Reduce alcohol and comfort eating',
      'Nail-biting, hair-pulling and skin-picking',
      'Screen time and gambling urges',
      'Self-hypnosis audio to reinforce each appointment',
    ],
    specialPage: paths.habitsAddictions,
  }),
  area({
    id: 'anxiety',
    title: 'Anxiety & Stress',
    tabLabel: 'Anxiety',
    description:
      'Calm a busy mind, ease worry and panic, and learn quick techniques to stay grounded at work, at home and before big moments.',
    features: [
      'Generalised worry and overthinking',
      'Panic attacks and health anxiety',
      'Work stress and burnout recovery',
      'Sleep problems linked to stress',
      'A personal calming routine you can use anywhere',
    ],
    specialPage: paths.anxietyStress,
  }),
  area({
    id: 'pain',
    title: 'Pain Management',
    tabLabel: 'Pain',
    description:
      'Change how you experience persistent pain, alongside your medical care, with techniques for comfort, relaxation and better sleep.',
    features: [
      'Chronic back, joint and nerve pain',
      'Migraines and tension headaches',
      'IBS and digestive discomfort',
      'Preparing for medical and dental procedures',
      'Works alongside the care of your GP or specialist',
    ],
    specialPage: paths.painManagement,
  }),
  area({
    id: 'weight',
    title: 'Weight Management',
    tabLabel: 'Weight',
    description:
      'Build a calmer relationship with food: fewer cravings, less emotional eating, and habits that last beyond any diet.',
    features: [
      'Emotional and stress eating',
      'Sugar and snack cravings',
      'Portion awareness and mindful eating',
      'Motivation for regular movement',
      'Body confidence and self-image',
    ],
    specialPage: paths.weightManagement,
  }),
  area({
    id: 'sports',
    title: 'Sports Performance',
    tabLabel: 'Sports',
    description:
      'Train the mental side of your game: focus under pressure, confidence after setbacks and a reliable pre-performance routine.',
    features: [
      'Focus and concentration under pressure',
      'Pre-competition nerves',
      'Recovering confidence after injury or a slump',
      'Visualisation and mental rehearsal',
      'Consistent pre-performance routines',
    ],
    specialPage: paths.sportsPerformance,
  }),
  area({
    id: 'sales',
    title: 'Sales Performance',
    tabLabel: 'Sales',
    description:
      'Sell with calm confidence: handle rejection, open conversations with ease and close without pressure, for individuals and teams.',
    features: [
      'Call reluctance and fear of rejection',
      'Confident presentations and pitches',
      'Calm, persuasive objection handling',
      'Goal setting and daily motivation',
      'Six-session programme and team workshops',
    ],
    specialPage: paths.salesHypnosis,
  }),
  area({
    id: 'professional',
    title: 'Professional Performance',
    tabLabel: 'Professional',
    description:
      'Lead, present and decide with clarity: less imposter syndrome, more confidence in meetings, interviews and on stage.',
    features: [
      'Public speaking and presentation nerves',
      'Imposter syndrome and self-doubt',
      'Interview and assessment preparation',
      'Focus, procrastination and productivity',
      'Leadership presence and assertiveness',
    ],
    specialPage: paths.professionalPerformance,
  }),
];
