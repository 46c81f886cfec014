import { paths } from '@/config/paths';
import { prices, site } from '@/config/site';
import { formatPence } from '@/lib/format';

// Copy of /sales-hypnosis (docs/product-rules.md §2, §9: 6 sessions of 50 minutes, 30-day money-back guarantee, 90 days of
// email support, workshop prices, monthly coaching).

export interface SessionOutline {
  number: number;
  title: string;
  duration: string;
  topics: readonly string[];
}

export interface WorkshopFormat {
  id: string;
  title: string;
  participants: string;
  pence: number;
  /** The price is a starting price. */
  from: boolean;
  price: string;
  length: string;
  features: readonly string[];
  enquireLabel: string;
}

const sessionLength = `${site.appointmentMinutes} minutes`;
const [smallWorkshop, mediumWorkshop, largeWorkshop] = prices.workshops;

function workshopPricing(workshop: (typeof prices.workshops)[number]) {
  return {
    participants: workshop.participants,
    pence: workshop.pence,
    from: workshop.from,
    price: `${workshop.from ? 'From ' : ''}${formatPence(workshop.pence)}`,
  };
}

/** The page's booking button, at the top and in the closing call to action. */
const salesBookingLabel = 'Book a Sales Appointment';

export const salesHypnosisContent = {
  seo: {
    title: 'Sales Hypnosis Training',
    description: `Sales hypnosis for professionals and teams: a 6-session programme of ${sessionLength} with a 30-day money-back guarantee, corporate workshops from ${formatPence(smallWorkshop.pence)}, and monthly coaching at ${formatPence(prices.monthlyCoachingPence)}.`,
    keywords: [
      'sales hypnosis',
      'sales confidence',
      'call reluctance',
      'sales team workshop',
      'sales coaching UK',
    ],
  },
  hero: {
    title: 'Sales Hypnosis: Sell with Calm Confidence',
    lead: 'Overcome call reluctance, handle rejection with ease and close without pressure. One-to-one online programmes for sales professionals, and workshops for teams.',
    bookingLabel: salesBookingLabel,
    workshopsLink: 'Explore Team Workshops',
  },
  techniquesHeading: 'Four techniques at the heart of the programme',
  techniques: [
    {
      icon: 'anchor',
      title: 'Confidence Anchoring',
      description: 'Link your most confident state to a simple cue and bring it into every call and meeting.',
    },
    {
      icon: 'shield',
      title: 'Rejection Resilience',
      description: 'Let a "no" pass without losing momentum, so the next conversation starts fresh.',
    },
    {
      icon: 'message',
      title: 'Rapport and Language',
      description: 'Build trust quickly with calm presence, active listening and clear, persuasive language.',
    },
    {
      icon: 'target',
      title: 'Goal Visualisation',
      description: 'Rehearse targets and key conversations in hypnosis until success feels familiar.',
    },
  ],
  programme: {
    heading: 'The 6-Session Sales Mastery Programme',
    lead: `Six online sessions of ${sessionLength} each, spread over six to twelve weeks, each with a personal self-hypnosis recording.`,
    sessions: [
      {
        number: 1,
        title: 'Foundations and Goals',
        duration: sessionLength,
        topics: ['Your sales story and blocks', 'Setting measurable targets', 'First self-hypnosis practice'],
      },
      {
        number: 2,
        title: 'Confidence on Demand',
        duration: sessionLength,
        topics: ['Building a confidence anchor', 'Posture, breath and voice', 'Pre-call routine'],
      },
      {
        number: 3,
        title: 'Beyond Call Reluctance',
        duration: sessionLength,
        topics: ['Desensitising prospecting fears', 'Reframing rejection', 'Daily activity habits'],
      },
      {
        number: 4,
        title: 'Rapport and Influence',
        duration: sessionLength,
        topics: ['Reading and matching clients', 'Ethical persuasive language', 'Listening under pressure'],
      },
      {
        number: 5,
        title: 'Objections and Closing',
        duration: sessionLength,
        topics: ['Calm objection handling', 'Asking for the business', 'Negotiation composure'],
      },
      {
        number: 6,
        title: 'Peak Performance Plan',
        duration: sessionLength,
        topics: ['Reviewing your results', 'Resilience for slow months', 'Your long-term practice plan'],
      },
    ] satisfies readonly SessionOutline[],
    guarantees: [
      {
        title: '30-day money-back guarantee',
        text: 'Not the right fit? Ask within 30 days for a full refund.',
      },
      {
        title: '90 days of email support',
        text: 'Questions answered by email for 90 days after your last session.',
      },
      {
        title: `${sessionLength} per session`,
        text: `Booked as online appointments at ${formatPence(prices.singleAppointmentPence)} each, or within monthly coaching.`,
      },
    ],
    bookingLabel: 'Book Your First Session',
    enquiry: { label: 'Enquire About the Programme', to: paths.contact },
  },
  results: {
    heading: 'Expected results',
    lead: 'Where clients typically rate themselves by the end of the programme, on a scale of 0 to 100.',
    bars: [
      { label: 'Confidence on calls and in meetings', value: 75 },
      { label: 'Resilience after rejection', value: 75 },
      { label: 'Calm when handling objections', value: 75 },
      { label: 'Consistency of daily sales activity', value: 75 },
    ],
    note: 'Self-ratings reported by clients; individual results vary. Sales clients report a 96% success rate over 4-6 sessions.',
  },
  testimonialsHeading: 'What sales professionals say',
  testimonials: [
    {
      name: 'Olivia B.',
      location: 'Reading',
      issue: 'Call reluctance in a new SaaS role',
      quote:
        'I used to find any excuse not to pick up the phone. By the third session I was booking more discovery calls than anyone in my team.',
      result: 'Top of the team for booked calls within two months',
      rating: 5,
      timeframe: '6 sessions over 8 weeks',
    },
    {
      name: 'Marcus J.',
      location: 'Nottingham',
      issue: 'Losing deals at the closing stage',
      quote:
        'I knew my product but froze when it was time to ask for the business. The closing session changed that completely. I now ask with confidence.',
      result: 'Closing rate up by a third in one quarter',
      rating: 5,
      timeframe: '6 sessions over 10 weeks',
    },
    {
      name: 'Hannah D.',
      location: 'Brighton',
      issue: 'Burnout after a tough year in recruitment',
      quote:
        'The rejection was wearing me down. The resilience techniques let me leave a bad call behind and start the next one fresh.',
      result: 'Hit target for three quarters running',
      rating: 5,
      timeframe: '6 sessions over 12 weeks',
    },
  ],
  workshops: {
    heading: 'Corporate workshops',
    lead: 'Interactive online or on-site workshops that give whole teams the confidence and resilience techniques, with recordings for everyone.',
    formats: [
      {
        id: 'half-day',
        title: 'Team Workshop',
        ...workshopPricing(smallWorkshop),
        length: 'Half day',
        features: [
          'Confidence anchoring for the whole team',
          'Group self-hypnosis practice',
          'Recordings for every participant',
        ],
        enquireLabel: 'Enquire About the Team Workshop',
      },
      {
        id: 'full-day',
        title: 'Department Intensive',
        ...workshopPricing(mediumWorkshop),
        length: 'Full day',
        features: [
          'All four core techniques',
          'Objection-handling role play',
          'Follow-up group session online',
        ],
        enquireLabel: 'Enquire About the Department Intensive',
      },
      {
        id: 'enterprise',
        title: 'Enterprise Programme',
        ...workshopPricing(largeWorkshop),
        length: 'Tailored',
        features: [
          'Designed around your sales process',
          'Multiple sessions or sites',
          'Manager briefing and progress review',
        ],
        enquireLabel: 'Enquire About the Enterprise Programme',
      },
    ] satisfies readonly WorkshopFormat[],
    enquiryPath: paths.contact,
  },
  coaching: {
    heading: 'Monthly sales coaching',
    price: formatPence(prices.monthlyCoachingPence),
    per: 'per month',
    note: `About $${prices.monthlyCoachingUsdApprox}`,
    text: `${prices.monthlyCoachingAppointments} online appointments of ${sessionLength} every month, with instant-messaging support between them: ideal for keeping momentum after the programme.`,
    bookingLabel: 'Start Monthly Coaching',
  },
  faqHeading: 'Sales hypnosis questions',
  faqs: [
    {
      question: 'Will hypnosis make me pushy or manipulative?',
      answer:
        'No. The programme builds calm confidence and genuine rapport. Clients usually find they pressure prospects less, because they are no longer anxious about the outcome.',
    },
    {
      question: 'How long is each session?',
      answer: `Every session is an online appointment of ${sessionLength}, followed by a personal recording to practise with.`,
    },
    {
      question: 'How does the money-back guarantee work?',
      answer:
        'If you feel the programme is not right for you, tell us within 30 days of your first session and we will refund what you have paid.',
    },
    {
      question: 'What support do I get after the programme?',
      answer:
        'You have 90 days of email support after your final session, and can move on to monthly coaching if you want to keep going.',
    },
    {
      question: 'Can you run a workshop for our whole team?',
      answer: `Yes. Workshops start at ${formatPence(smallWorkshop.pence)} for 8-12 participants; larger groups and multi-site programmes are quoted on request.`,
    },
    {
      question: 'Does it work online?',
      answer:
        'Yes. Hypnosis works just as well by secure video, and many clients find it easier to relax in their own space.',
    },
  ],
  closing: {
    title: 'Ready to sell with confidence?',
    text: 'Start with a single appointment and we will plan the programme around your goals.',
    bookingLabel: salesBookingLabel,
    link: { label: 'View All Services', to: paths.virtualAppointments },
  },
} as const;
