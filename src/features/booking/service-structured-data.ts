import type { JsonLd } from '@/components/seo/seo';
import { absoluteUrl, site } from '@/config/site';
import { appointmentPlans } from '@/content/pricing';

function poundsOf(pence: number): string {
  return (pence / 100).toFixed(2);
}

/** The appointment offers as schema.org Offers (docs/product-rules.md D5 "Prices": £120 single, £360 monthly). */
export function appointmentOffers(path: string): JsonLd[] {
  return appointmentPlans.map((plan) => ({
    '@type': 'Offer',
    name: plan.name,
    description: plan.features.join('. '),
    price: poundsOf(plan.pence),
    priceCurrency: 'GBP',
    availability: 'https://schema.org/InStock',
    url: absoluteUrl(path),
  }));
}

/** A Service offered by the practice online, with the appointment offers (50 minutes everywhere). */
export function appointmentService(options: {
  name: string;
  description: string;
  path: string;
  serviceType: string;
  offers?: JsonLd[];
}): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'Service',
    name: options.name,
    description: options.description,
    serviceType: options.serviceType,
    url: absoluteUrl(options.path),
    provider: {
      '@type': 'LocalBusiness',
      '@id': `${absoluteUrl('/')}#practice`,
      name: site.practiceName,
      url: absoluteUrl('/'),
    },
    areaServed: { '@type': 'Country', name: 'United Kingdom' },
    availableChannel: {
      '@type': 'ServiceChannel',
      serviceUrl: site.scheduler.bookingUrl,
      name: `${site.appointmentMinutes}-minute online appointment`,
    },
    offers: options.offers ?? appointmentOffers(options.path),
  };
}
