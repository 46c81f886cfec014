import { paths } from '@/config/paths';
import { prices } from '@/config/site';
import { formatPence } from '@/lib/format';

// Copy of /self-hypnosis-guide (docs/product-rules.md §2). docs/product-rules.md D3: the guide is free with any audio package, so its
// buttons lead to the audio library.

export const selfHypnosisGuideContent = {
  seo: {
    title: 'The Self-Hypnosis Inception Guide',
    description: `Learn self-hypnosis with the Inception Guide: six techniques for visual, auditory and kinesthetic learners, free with any audio package (${formatPence(prices.packagePence)}).`,
    keywords: ['self-hypnosis guide', 'learn self-hypnosis', 'self-hypnosis techniques', 'inception guide'],
  },
  hero: {
    eyebrow: 'Free with any audio package',
    title: 'The Self-Hypnosis Inception Guide',
    lead: 'A practical guide to entering hypnosis on your own, whenever you need it, with techniques matched to the way you learn best.',
    primary: { label: 'Get Your Inception Guide', to: paths.audioLibrary },
  },
  advantagesHeading: 'Why learn self-hypnosis',
  advantages: [
    {
      icon: 'clock',
      title: 'Available Any Time',
      text: 'Calm, focus or sleep on demand: a ten-minute practice fits before a meeting or at bedtime.',
    },
    {
      icon: 'sparkles',
      title: 'Strengthens Your Progress',
      text: 'Reinforces the work of appointments and audio sessions, so changes settle in faster.',
    },
    {
      icon: 'shield',
      title: 'You Stay in Control',
      text: 'Every technique is yours to start, steer and end. Self-hypnosis is a skill, not a mystery.',
    },
  ],
  modalitiesHeading: 'Techniques for the way you learn',
  modalitiesLead:
    'Most people lean towards one sense. The guide helps you find yours and adapt every technique to it.',
  modalities: [
    {
      icon: 'eye',
      title: 'Visual',
      text: 'You think in pictures. Imagery, colour and scenes guide you into a deep, focused state.',
      examples: ['Guided imagery', 'Colour breathing', 'Safe-place visualisation'],
    },
    {
      icon: 'ear',
      title: 'Auditory',
      text: 'You respond to sound and words. Rhythm, inner voice and recorded scripts lead the way.',
      examples: ['Affirmation loops', 'Counting inductions', 'Recorded personal scripts'],
    },
    {
      icon: 'hand',
      title: 'Kinesthetic',
      text: 'You learn through feeling. Breath, touch and body awareness take you deeper.',
      examples: ['Progressive relaxation', 'Hand-to-face anchors', 'Breath-led inductions'],
    },
  ],
  techniquesHeading: 'Six techniques in the guide',
  techniques: [
    {
      title: 'Inception Protocols',
      text: 'Step-by-step inductions that take you from alert to deeply relaxed in minutes.',
    },
    {
      title: 'Precision Anchoring',
      text: 'Link a resourceful state, such as calm or confidence, to a simple physical cue.',
    },
    {
      title: 'State Navigation',
      text: 'Move deliberately between focus, relaxation and energy to suit the moment.',
    },
    {
      title: 'Cognitive Restructuring',
      text: 'Spot unhelpful thoughts in hypnosis and replace them with balanced, useful ones.',
    },
    {
      title: 'Emotional Alchemy',
      text: 'Turn stress, frustration or fear into steady, usable energy.',
    },
    {
      title: 'Energy Integration',
      text: 'Finish each session refreshed, with the new pattern settled into everyday life.',
    },
  ],
  download: {
    title: 'Start practising today',
    text: `The Inception Guide comes free with any package of three related audios (${formatPence(prices.packagePence)}). Choose a package and the guide is yours to keep.`,
    label: 'Download Your Guide Now',
    to: paths.audioLibrary,
  },
  consultation: {
    title: 'Prefer personal guidance?',
    text: 'A consultation helps you choose the right techniques and audio for your goals.',
    label: 'Schedule Consultation',
    to: paths.contact,
  },
} as const;
