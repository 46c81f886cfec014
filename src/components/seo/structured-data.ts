import { absoluteUrl, site } from '@/config/site';

// Builders for the schema.org objects pages state, so every page describes the practice the same way.

/** One schema.org object, as a page's JSON-LD script states it. */
export type JsonLd = Record<string, unknown>;

export function practiceOrganization(): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': ['Organization', 'LocalBusiness'],
    '@id': `${absoluteUrl('/')}#practice`,
    name: site.practiceName,
    description: site.description,
    url: absoluteUrl('/'),
    email: site.email,
    telephone: site.phone,
    image: absoluteUrl(site.defaultShareImage),
    priceRange: '£2.99-£360',
    areaServed: { '@type': 'Country', name: 'United Kingdom' },
    address: { '@type': 'PostalAddress', addressCountry: site.country },
    founder: { '@type': 'Person', name: site.practitionerName, jobTitle: site.practitionerTitle },
  };
}

export interface Crumb {
  name: string;
  path: string;
}

export function breadcrumbList(crumbs: readonly Crumb[]): JsonLd {
  return {
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      item: absoluteUrl(crumb.path),
    })),
  };
}

/** A WebPage (or subtype) with its breadcrumb trail, as every indexed page states it. */
export function webPage(options: {
  type?: string;
  name: string;
  description: string;
  path: string;
  crumbs: readonly Crumb[];
}): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': options.type ?? 'WebPage',
    name: options.name,
    description: options.description,
    url: absoluteUrl(options.path),
    inLanguage: 'en-GB',
    isPartOf: { '@type': 'WebSite', name: site.practiceName, url: absoluteUrl('/') },
    publisher: { '@id': `${absoluteUrl('/')}#practice` },
    breadcrumb: breadcrumbList(options.crumbs),
  };
}
