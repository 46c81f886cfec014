export const sitemapPageContent = {
  title: 'Sitemap',
  lead: 'Every page of the site, with how often it changes and how important it is.',
  seoDescription: 'A list of every page on the site with its last update, change frequency and priority.',
  xmlLink: 'View the XML sitemap',
  // Names the table's own scroll area (it scrolls sideways there, never the page, when the text is very large).
  tableRegionLabel: 'Sitemap table',
  columns: { page: 'Page', lastmod: 'Last modified', changefreq: 'Change frequency', priority: 'Priority' },
  bands: { high: 'High priority', medium: 'Medium priority', low: 'Low priority' },
} as const;
