import { paths } from '@/config/paths';
import { site } from '@/config/site';
import { serviceRates, type ServiceAreaId } from './service-rates';
import { testimonialSummary, type TestimonialCategory } from './testimonials';

// The six condition landing pages (spec §2 "Category landing pages"), fed to one page template.

export const conditionPaths = [
  paths.habitsAddictions,
  paths.anxietyStress,
  paths.painManagement,
  paths.weightManagement,
  paths.sportsPerformance,
  paths.professionalPerformance,
] as const;

export type ConditionPath = (typeof conditionPaths)[number];

export interface ConditionMethod {
  title: string;
  description: string;
}

export interface OutcomeStatistic {
  value: string;
  label: string;
}

export interface ConditionPage {
  path: ConditionPath;
  serviceId: ServiceAreaId;
  seo: { title: string; description: string; keywords: readonly string[] };
  eyebrow: string;
  heading: string;
  intro: string;
  bookingLabel: string;
  areasHeading: string;
  /** Nine areas addressed. */
  areas: readonly string[];
  methodsHeading: string;
  /** Four methods. */
  methods: readonly ConditionMethod[];
  /** Four outcome statistics. */
  outcomes: readonly OutcomeStatistic[];
  testimonialCategory: TestimonialCategory;
  closing: { title: string; text: string };
}

/** The four outcome figures of a page: the area's rate and typical length (spec §9) and practice-wide ones. */
function outcomesFor(serviceId: ServiceAreaId): OutcomeStatistic[] {
  const area = serviceRates[serviceId];
  return [
    { value: `${area.successRate}%`, label: 'success rate reported by clients' },
    { value: area.appointments, label: 'appointments on average' },
    { value: `${site.appointmentMinutes} min`, label: 'per online appointment' },
    { value: testimonialSummary.satisfaction, label: 'client satisfaction' },
  ];
}

type ConditionInput = Omit<ConditionPage, 'outcomes'>;

function conditionPage(input: ConditionInput): ConditionPage {
  return { ...input, outcomes: outcomesFor(input.serviceId) };
}

export const conditionPages: Record<ConditionPath, ConditionPage> = {
  [paths.habitsAddictions]: conditionPage({
    path: paths.habitsAddictions,
    serviceId: 'habits',
    seo: {
      title: 'Hypnotherapy for Habits & Addictions',
      description:
        'Online hypnotherapy to stop smoking, quit vaping, cut down alcohol and break unwanted habits. 50-minute appointments with a registered UK hypnotherapist, usually 2-3 sessions.',
      keywords: [
        'stop smoking hypnotherapy',
        'quit vaping',
        'habit hypnotherapy',
        'addiction hypnotherapy UK',
      ],
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
        description:
          'Direct hypnotic suggestions weaken the urge and strengthen the choice you actually want.',
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
  }),
  [paths.anxietyStress]: conditionPage({
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
  }),
  [paths.painManagement]: conditionPage({
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
  }),
  [paths.weightManagement]: conditionPage({
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
  }),
  [paths.sportsPerformance]: conditionPage({
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
  }),
  [paths.professionalPerformance]: conditionPage({
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
  }),
};

export function isConditionPath(path: string): path is ConditionPath {
  return (conditionPaths as readonly string[]).includes(path);
}

export const conditionPageCopy = {
  viewAllServicesLabel: 'View All Services',
  outcomesHeading: 'Results clients report',
  outcomesNote: 'Based on client feedback at their final appointment. Individual results vary.',
  learnAboutLabel: `Learn About Your Hypnotherapist, ${site.practitionerName}`,
  viewAllServicesPath: paths.virtualAppointments,
  aboutPath: paths.about,
} as const;
