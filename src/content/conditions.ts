import { paths } from '@/config/paths';
import { site } from '@/config/site';
import { serviceRates, type ServiceAreaId } from './service-rates';
import { testimonialSummary, type TestimonialCategory } from './testimonials';

// The six condition landing pages (docs/product-rules.md §2 "Category landing pages"), fed to one page template.

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

/** The four outcome figures of a page: the area's rate and typical length (docs/product-rules.md §9) and practice-wide ones. */
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

/** Completes a page's copy with its outcome figures; each condition's copy lives in content/conditions/. */
export function conditionPage(input: ConditionInput): ConditionPage {
  return { ...input, outcomes: outcomesFor(input.serviceId) };
}

export const conditionPageCopy = {
  viewAllServicesLabel: 'View All Services',
  outcomesHeading: 'Results clients report',
  outcomesNote: 'Based on client feedback at their final appointment. Individual results vary.',
  learnAboutLabel: `Learn About Your Hypnotherapist, ${site.practitionerName}`,
  viewAllServicesPath: paths.virtualAppointments,
  aboutPath: paths.about,
} as const;
