// Client stories (docs/product-rules.md §3 "Testimonial"): shared with clients' permission, first name and initial only.

export const testimonialCategories = [
  'Anxiety & Stress',
  'Weight Management',
  'Habits & Addictions',
  'Professional Performance',
  'Pain Management',
  'Sports Performance',
] as const;

export type TestimonialCategory = (typeof testimonialCategories)[number];

export interface Testimonial {
  id: number;
  name: string;
  location: string;
  /** What the client came with. */
  issue: string;
  quote: string;
  /** The outcome, in a line. */
  result: string;
  /** 1 to 5 stars. */
  rating: 1 | 2 | 3 | 4 | 5;
  category: TestimonialCategory;
  timeframe: string;
}

export const testimonials: readonly Testimonial[] = [
  {
    id: 1,
    name: 'Sarah M.',
    location: 'Manchester',
    issue: 'Panic attacks on the commute',
    quote:
      'I had stopped taking the train because of panic attacks. After our appointments I have a breathing and anchoring routine I use every morning, and I commute again without dreading it.',
    result: 'Back on the train to work, panic-free',
    rating: 5,
    category: 'Anxiety & Stress',
    timeframe: '3 appointments over 5 weeks',
  },
  {
    id: 2,
    name: 'James T.',
    location: 'Bristol',
    issue: 'Twenty years of smoking',
    quote:
      'I had tried patches, gum and willpower. The appointments changed how I think about cigarettes rather than just fighting cravings. I have not smoked since the second session.',
    result: 'Smoke-free for over a year',
    rating: 5,
    category: 'Habits & Addictions',
    timeframe: '2 appointments',
  },
  {
    id: 3,
    name: 'Priya K.',
    location: 'Leeds',
    issue: 'Emotional eating',
    quote:
      'I finally understood why I reached for food when I was stressed. The self-hypnosis recordings kept me on track between appointments, and the changes feel natural, not like a diet.',
    result: 'Lost 2 stone and kept it off',
    rating: 5,
    category: 'Weight Management',
    timeframe: '5 appointments over 4 months',
  },
  {
    id: 4,
    name: 'David R.',
    location: 'London',
    issue: 'Fear of presenting to the board',
    quote:
      'Presenting used to cost me a week of sleepless nights. Now I prepare, run my pre-meeting routine and walk in calm. My director noticed the difference before I told anyone.',
    result: 'Leads quarterly board presentations with confidence',
    rating: 5,
    category: 'Professional Performance',
    timeframe: '4 appointments over 2 months',
  },
  {
    id: 5,
    name: 'Margaret L.',
    location: 'Edinburgh',
    issue: 'Chronic lower-back pain',
    quote:
      'Hypnotherapy did not replace my physiotherapy, but it changed how I live with the pain. I sleep through the night again and use the techniques whenever a flare-up starts.',
    result: 'Better sleep and fewer bad days',
    rating: 5,
    category: 'Pain Management',
    timeframe: '3 appointments over 6 weeks',
  },
  {
    id: 6,
    name: 'Tom H.',
    location: 'Cardiff',
    issue: 'Competition nerves in tennis',
    quote:
      'I played well in training and fell apart in matches. Mental rehearsal and a simple reset between points changed that. I won my club championship this season.',
    result: 'Club champion after two seasons of near misses',
    rating: 5,
    category: 'Sports Performance',
    timeframe: '4 appointments over a season',
  },
  {
    id: 7,
    name: 'Emma W.',
    location: 'Birmingham',
    issue: 'Work stress and poor sleep',
    quote:
      'I was running on empty and lying awake every night. Working online from home made it easy to fit in, and I now have tools to switch off after work.',
    result: 'Sleeping seven hours a night again',
    rating: 5,
    category: 'Anxiety & Stress',
    timeframe: '2 appointments over 3 weeks',
  },
  {
    id: 8,
    name: 'Chris P.',
    location: 'Glasgow',
    issue: 'Vaping and late-night snacking',
    quote:
      'I thought swapping cigarettes for vaping was progress until I could not put it down. Two appointments later I have stopped both the vape and the midnight snacks.',
    result: 'Vape-free for eight months',
    rating: 4,
    category: 'Habits & Addictions',
    timeframe: '3 appointments over a month',
  },
];

/** The practice's headline figures (docs/product-rules.md §9). */
export const testimonialSummary = {
  averageRating: '4.9/5',
  averageRatingLabel: 'Average client rating',
  transformations: '500+',
  transformationsLabel: 'Client transformations',
  satisfaction: '95%',
  satisfactionLabel: 'Client satisfaction',
} as const;
