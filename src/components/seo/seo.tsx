import { absoluteUrl, site } from '@/config/site';
import { jsonForScript } from '@/lib/json-in-script';
import { webPage, type JsonLd } from './structured-data';
import { PAGE_HEAD_ATTRIBUTE } from './page-head';

export type { JsonLd };

export interface SeoProps {
  title: string;
  description: string;
  /** Route path for the canonical and og:url; absolute URLs are built from the configured origin. */
  path: string;
  keywords?: readonly string[];
  ogTitle?: string;
  ogDescription?: string;
  ogImage?: string;
  twitterTitle?: string;
  twitterDescription?: string;
  noindex?: boolean;
  structuredData?: JsonLd | readonly JsonLd[];
}

export function fullTitle(title: string): string {
  return title.includes(site.practiceName) ? title : `${title} | ${site.practiceName}`;
}

/** Marks each head tag as the page's own (page-head.ts). */
const PAGE_HEAD = { [PAGE_HEAD_ATTRIBUTE]: '' };

/**
 * React 19 hoists <title>, <meta> and <link> into <head> itself (and the prerender step moves them there),
 * so no head-manager library is needed.
 *
 * The one metadata component each page renders exactly once (the prerender step fails otherwise).
 * Defaults: en_GB, index/follow, purple theme colour, the hero as share image.
 */
export function Seo({
  title,
  description,
  path,
  keywords,
  ogTitle,
  ogDescription,
  ogImage,
  twitterTitle,
  twitterDescription,
  noindex = false,
  structuredData,
}: SeoProps) {
  const pageTitle = fullTitle(title);
  const canonical = absoluteUrl(path);
  const image = absoluteUrl(ogImage ?? site.defaultShareImage);
  // Indexed pages always describe themselves; a page passes richer data (FAQPage, Service...) when it has it.
  const jsonLd =
    structuredData ??
    (noindex
      ? undefined
      : webPage({
          name: title,
          description,
          path,
          crumbs:
            path === '/'
              ? [{ name: 'Home', path: '/' }]
              : [
                  { name: 'Home', path: '/' },
                  { name: title, path },
                ],
        }));
  return (
    <>
      <title {...PAGE_HEAD}>{pageTitle}</title>
      <meta {...PAGE_HEAD} name="description" content={description} />
      {keywords && keywords.length > 0 ? <meta {...PAGE_HEAD} name="keywords" content={keywords.join(', ')} /> : null}
      <meta {...PAGE_HEAD} name="robots" content={noindex ? 'noindex, nofollow' : 'index, follow'} />
      <link {...PAGE_HEAD} rel="canonical" href={canonical} />
      <meta {...PAGE_HEAD} property="og:type" content="website" />
      <meta {...PAGE_HEAD} property="og:site_name" content={site.practiceName} />
      <meta {...PAGE_HEAD} property="og:locale" content={site.locale} />
      <meta {...PAGE_HEAD} property="og:title" content={ogTitle ?? pageTitle} />
      <meta {...PAGE_HEAD} property="og:description" content={ogDescription ?? description} />
      <meta {...PAGE_HEAD} property="og:image" content={image} />
      <meta {...PAGE_HEAD} property="og:url" content={canonical} />
      <meta {...PAGE_HEAD} name="twitter:card" content="summary_large_image" />
      <meta {...PAGE_HEAD} name="twitter:title" content={twitterTitle ?? ogTitle ?? pageTitle} />
      <meta {...PAGE_HEAD} name="twitter:description" content={twitterDescription ?? ogDescription ?? description} />
      <meta {...PAGE_HEAD} name="twitter:image" content={image} />
      {jsonLd ? (
        <script
          type="application/ld+json"
          data-seo="structured-data"
          dangerouslySetInnerHTML={{ __html: jsonForScript(jsonLd) }}
        />
      ) : null}
    </>
  );
}
