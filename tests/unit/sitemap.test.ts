import { describe, expect, it } from 'vitest';
import { buildRobotsTxt, buildSitemapXml, priorityBand, sitemapEntries } from '@/config/sitemap';

describe('sitemap data (docs/product-rules.md §3 route-level table)', () => {
  it('has the 17 routes with the table’s change frequency and priority', () => {
    expect(sitemapEntries).toHaveLength(17);
    const byPath = Object.fromEntries(sitemapEntries.map((e) => [e.path, e]));
    expect(byPath['/']).toMatchObject({ changefreq: 'weekly', priority: 1 });
    expect(byPath['/about']).toMatchObject({ changefreq: 'monthly', priority: 0.9 });
    expect(byPath['/virtual-appointments']).toMatchObject({ changefreq: 'weekly', priority: 0.9 });
    expect(byPath['/audio-library']).toMatchObject({ changefreq: 'weekly', priority: 0.8 });
    expect(byPath['/contact']).toMatchObject({ changefreq: 'monthly', priority: 0.7 });
    for (const path of [
      '/anxiety-stress',
      '/habits-addictions',
      '/weight-management',
      '/pain-management',
      '/professional-performance',
      '/sports-performance',
    ]) {
      expect(byPath[path]).toMatchObject({ changefreq: 'monthly', priority: 0.8 });
    }
    expect(byPath['/self-hypnosis-guide']).toMatchObject({ changefreq: 'monthly', priority: 0.7 });
    expect(byPath['/sales-hypnosis']).toMatchObject({ changefreq: 'monthly', priority: 0.7 });
    expect(byPath['/individual-audios']).toMatchObject({ changefreq: 'weekly', priority: 0.6 });
    expect(byPath['/faq']).toMatchObject({ changefreq: 'monthly', priority: 0.6 });
    expect(byPath['/privacy-policy']).toMatchObject({ changefreq: 'yearly', priority: 0.3 });
    expect(byPath['/terms-and-conditions']).toMatchObject({ changefreq: 'yearly', priority: 0.3 });
    expect(new Set(sitemapEntries.map((e) => e.path)).size).toBe(17);
  });

  it('bands priorities: 0.8 or more high, 0.6 or more medium, otherwise low', () => {
    expect(priorityBand(1)).toBe('high');
    expect(priorityBand(0.8)).toBe('high');
    expect(priorityBand(0.79)).toBe('medium');
    expect(priorityBand(0.6)).toBe('medium');
    expect(priorityBand(0.59)).toBe('low');
    expect(priorityBand(0.3)).toBe('low');
  });

  it('writes sitemap.xml with absolute locations, lastmod and priorities', () => {
    const xml = buildSitemapXml('https://practice.example', '2026-11-22');
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(xml.match(/<url>/g)).toHaveLength(17);
    expect(xml).toContain('<loc>https://practice.example/</loc>');
    expect(xml).toContain('<loc>https://practice.example/terms-and-conditions</loc>');
    expect(xml.match(/<lastmod>2026-11-22<\/lastmod>/g)).toHaveLength(17);
    expect(xml).toContain('<priority>1.0</priority>');
    expect(xml).toContain('<changefreq>yearly</changefreq>');
  });

  it('names the sitemap in robots.txt and keeps private areas out', () => {
    const robots = buildRobotsTxt('https://practice.example');
    expect(robots).toContain('Sitemap: https://practice.example/sitemap.xml');
    expect(robots).toContain('Disallow: /admin/');
    expect(robots).toContain('Disallow: /account');
  });
});
