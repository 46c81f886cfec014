import { paths } from '@/config/paths';
import { prices, site } from '@/config/site';
import { faqTotal } from '@/content/faq';
import { formatPence } from '@/lib/format';

// Copy of the /about page (docs/product-rules.md §2 "/about"). The practitioner's credentials and register below are
// placeholders in the same spirit as site.ts's names: the practice replaces them with its own before launch.

/** How many FAQs /about shows (docs/product-rules.md §9: "the about page shows 5"). */
export const aboutFaqCount = 5;

export const aboutContent = {
  seo: {
    title: 'About Your Hypnotherapist',
    description: `Meet ${site.practitionerName}, a qualified and registered UK clinical hypnotherapist offering ${site.appointmentMinutes}-minute online appointments and self-hypnosis audio for anxiety, habits, pain, weight and performance.`,
    keywords: [
      'registered hypnotherapist UK',
      'clinical hypnotherapist',
      'online hypnotherapy',
      'self-hypnosis',
    ],
  },
  title: 'About Your Hypnotherapist',
  lead: 'A qualified, registered clinical hypnotherapist helping people across the UK make calm, lasting changes, online and at their own pace.',
  profile: {
    heading: `Meet ${site.practitionerName}`,
    role: site.practitionerTitle,
    paragraphs: [
      `${site.practitionerName} has helped hundreds of people change the habits, worries and patterns that held them back: from stopping smoking and easing anxiety to managing pain, sleeping better and performing with confidence at work and in sport.`,
      'Sessions combine clinical hypnosis with practical, evidence-informed approaches such as cognitive behavioural and solution-focused techniques. Every programme starts from your goals, and every appointment leaves you with self-hypnosis skills you can use on your own, so the change lasts long after our work together ends.',
      `All appointments take place online by secure video and last ${site.appointmentMinutes} minutes, so you can work with a registered practitioner from wherever you live, without travel or waiting rooms.`,
    ],
    profileLinkLabel: 'View professional profile',
  },
  credentials: {
    heading: 'Qualifications and professional standards',
    items: [
      'Diploma in Clinical Hypnotherapy (Hypnotherapy Practitioner Diploma)',
      'Advanced training in cognitive behavioural hypnotherapy',
      'Certificate in solution-focused brief therapy',
      'Registered member of a UK professional hypnotherapy register, working to its code of ethics',
      'Full professional indemnity insurance',
      'Regular clinical supervision and continuing professional development',
    ],
  },
  regulation: {
    status: 'Registered Member',
    register: 'General Hypnotherapy Register',
    country: 'United Kingdom',
    note: "Qualified to the register's standards, insured, supervised and bound by its code of ethics and complaints procedure.",
  },
  selfHypnosis: {
    heading: 'What is self-hypnosis?',
    paragraphs: [
      'Self-hypnosis is a natural, learnable skill: guiding yourself into a calm, focused state in which your mind is more open to the changes you choose. It is not sleep and it is not mind control. You stay aware and in charge the whole time.',
      'Practised for a few minutes a day, it reinforces the work done in appointments, helps you handle cravings, stress or pain in the moment, and builds confidence that you can manage on your own.',
    ],
    stepsHeading: 'How it works',
    steps: [
      {
        title: 'Settle',
        text: 'Find a quiet, comfortable place, close your eyes and let your breathing slow down.',
      },
      {
        title: 'Focus',
        text: 'Follow a simple induction (or an audio) to deepen relaxation and narrow your attention.',
      },
      {
        title: 'Suggest',
        text: 'Rehearse the change you want with positive suggestions and imagery, then return refreshed.',
      },
    ],
    audioText: `Start today with professionally recorded self-hypnosis audio: ${formatPence(prices.audioPence)} per audio, or ${formatPence(prices.packagePence)} for a package of three related audios with the free Inception Guide.`,
    audioLinkLabel: 'Explore the Audio Library',
  },
  results: {
    heading: 'Results clients report',
    stats: [
      { value: '500+', label: 'clients helped to make a change' },
      { value: '4.9/5', label: 'average rating from client feedback' },
      { value: '95%', label: 'of clients satisfied with their sessions' },
      { value: '85%', label: 'report less anxiety and stress' },
    ],
    footnote:
      "Figures come from the practice's own client feedback and follow-up. Everyone is different, and individual results vary.",
  },
  advantages: {
    heading: 'Why online hypnotherapy works so well',
    items: [
      {
        icon: 'home',
        title: 'Relax where you feel safe',
        text: 'Hypnosis works best when you feel comfortable. At home, in your own chair, most people relax more quickly and more deeply.',
      },
      {
        icon: 'clock',
        title: 'No travel, less time',
        text: `A ${site.appointmentMinutes}-minute appointment takes ${site.appointmentMinutes} minutes of your day: no commute, no parking and no waiting room, wherever you live in the UK.`,
      },
      {
        icon: 'lock',
        title: 'Private and confidential',
        text: 'Secure video, no one seeing you arrive at a clinic, and your health information kept under UK GDPR, visible only to you and your practitioner.',
      },
    ],
  },
  faq: {
    heading: 'Common questions',
    viewAllLabel: `View All ${faqTotal} FAQs`,
  },
  cta: {
    title: 'Ready to start?',
    text: `Book a ${site.appointmentMinutes}-minute online appointment for ${formatPence(prices.singleAppointmentPence)}, or begin with self-hypnosis audio today.`,
    bookingLabel: `Book a ${site.appointmentMinutes}-Minute Appointment`,
    link: { label: 'Browse Self-Hypnosis Audio', to: paths.audioLibrary },
  },
} as const;
