import { paths } from './paths';

// The route-level sitemap table of docs/product-rules.md §3 (docs/product-rules.md D6: this is the one served). The /sitemap page, the
// generated sitemap.xml and the prerender list all read this one array.
export type ChangeFrequency = 'weekly' | 'monthly' | 'yearly';

export interface SitemapEntry {
  path: string;
  title: string;
  changefreq: ChangeFrequency;
  priority: number;
}

export const sitemapEntries: readonly SitemapEntry[] = [
  { path: paths.home, title: 'Home', changefreq: 'weekly', priority: 1 },
  { path: paths.about, title: 'About', changefreq: 'monthly', priority: 0.9 },
  { path: paths.virtualAppointments, title: 'Virtual Appointments', changefreq: 'weekly', priority: 0.9 },
  { path: paths.audioLibrary, title: 'Self-Hypnosis Audio Library', changefreq: 'weekly', priority: 0.8 },
  { path: paths.contact, title: 'Contact', changefreq: 'monthly', priority: 0.7 },
  { path: paths.anxietyStress, title: 'Anxiety & Stress', changefreq: 'monthly', priority: 0.8 },
  { path: paths.habitsAddictions, title: 'Habits & Addictions', changefreq: 'monthly', priority: 0.8 },
  { path: paths.weightManagement, title: 'Weight Management', changefreq: 'monthly', priority: 0.8 },
  { path: paths.painManagement, title: 'Pain Management', changefreq: 'monthly', priority: 0.8 },
  {
    path: paths.professionalPerformance,
    title: 'Professional Performance',
    changefreq: 'monthly',
    priority: 0.8,
  },
  { path: paths.sportsPerformance, title: 'Sports Performance', changefreq: 'monthly', priority: 0.8 },
  { path: paths.selfHypnosisGuide, title: 'Self-Hypnosis Guide', changefreq: 'monthly', priority: 0.7 },
  { path: paths.salesHypnosis, title: 'Sales Hypnosis', changefreq: 'monthly', priority: 0.7 },
  { path: paths.individualAudios, title: 'Individual Audios', changefreq: 'weekly', priority: 0.6 },
  { path: paths.faq, title: 'FAQ', changefreq: 'monthly', priority: 0.6 },
  { path: paths.privacyPolicy, title: 'Privacy Policy', changefreq: 'yearly', priority: 0.3 },
  { path: paths.termsAndConditions, title: 'Terms and Conditions', changefreq: 'yearly', priority: 0.3 },
];

export type PriorityBand = 'high' | 'medium' | 'low';

/** Colour bands of the /sitemap page: 0.8 or more high, 0.6 or more medium, otherwise low. */
export function priorityBand(priority: number): PriorityBand {
  if (priority >= 0.8) return 'high';
  if (priority >= 0.6) return 'medium';
  return 'low';
}

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** sitemap.xml text: absolute locations on the configured origin, the build date as lastmod. */
export function buildSitemapXml(origin: string, lastmod: string): string {
  const urls = sitemapEntries
    .map((entry) =>
      [
        '  <url>',
        `    <loc>${escapeXml(new URL(entry.path, origin).toString())}</loc>`,
        `    <lastmod>${lastmod}</lastmod>`,
        `    <changefreq>${entry.changefreq}</changefreq>`,
        `    <priority>${entry.priority.toFixed(1)}</priority>`,
        '  </url>',
      ].join('\n'),
    )
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

export function buildRobotsTxt(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /admin/',
    'Disallow: /account',
    'Disallow: /cart',
    'Disallow: /checkout',
    '',
    `Sitemap: ${new URL(paths.sitemapXml, origin).toString()}`,
    '',
  ].join('\n');
}
