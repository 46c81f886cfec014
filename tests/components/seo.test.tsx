import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Seo } from '@/components/seo/seo';
import { site } from '@/config/site';

function metaContent(selector: string): string | null | undefined {
  return document.head.querySelector(selector)?.getAttribute('content');
}

describe('Seo', () => {
  it('states title, description, canonical, Open Graph, Twitter and robots with en_GB defaults', () => {
    render(<Seo title="About" description="About the practice." path="/about" keywords={['a', 'b']} />);
    expect(document.title).toBe(`About | ${site.practiceName}`);
    expect(metaContent('meta[name="description"]')).toBe('About the practice.');
    expect(metaContent('meta[name="keywords"]')).toBe('a, b');
    expect(metaContent('meta[name="robots"]')).toBe('index, follow');
    expect(document.head.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(`${site.origin}/about`);
    expect(metaContent('meta[property="og:locale"]')).toBe('en_GB');
    expect(metaContent('meta[property="og:url"]')).toBe(`${site.origin}/about`);
    expect(metaContent('meta[property="og:image"]')).toBe(`${site.origin}${site.defaultShareImage}`);
    expect(metaContent('meta[name="twitter:title"]')).toBe(`About | ${site.practiceName}`);
  });

  it('marks private pages noindex and gives them no structured data', () => {
    const { container } = render(<Seo title="Cart" description="Your cart." path="/cart" noindex />);
    expect(metaContent('meta[name="robots"]')).toBe('noindex, nofollow');
    expect(container.querySelector('script[type="application/ld+json"]')).toBeNull();
  });

  it('describes indexed pages as a WebPage with a breadcrumb by default', () => {
    const { container } = render(<Seo title="FAQ" description="Questions." path="/faq" />);
    const data = JSON.parse(container.querySelector('script[type="application/ld+json"]')?.textContent ?? '{}');
    expect(data['@type']).toBe('WebPage');
    expect(data.breadcrumb.itemListElement.map((i: { name: string }) => i.name)).toEqual(['Home', 'FAQ']);
  });

  it('escapes JSON-LD so text cannot close the script element, and it still reads back unchanged', () => {
    const name = '</script><script>alert(1)</script><!-- & -->';
    const { container } = render(
      <Seo title="FAQ" description="Questions." path="/faq" structuredData={{ '@type': 'Thing', name }} />,
    );
    const scripts = container.querySelectorAll('script');
    expect(scripts).toHaveLength(1);
    expect(scripts[0]?.innerHTML).not.toMatch(/[<>&]/);
    expect(JSON.parse(scripts[0]?.textContent ?? '{}')).toMatchObject({ name });
  });
});
