import type { AppPath } from '@/config/paths';

// The shape of the legal texts (Privacy Policy, Terms and Conditions): typed data rendered by one component,
// each section an <h2> with an id that the table of contents links to.

/** A run of text, or a link inside it: `to` for a page of the site, `href` for mailto:, tel: or external. */
export type Inline = string | { text: string; to: AppPath } | { text: string; href: string };
export type RichText = string | readonly Inline[];

export type LegalBlock =
  | { type: 'p'; text: RichText }
  | { type: 'ul'; items: readonly RichText[] }
  | { type: 'h3'; text: string }
  | {
      type: 'table';
      caption: string;
      head: readonly [string, string];
      rows: readonly (readonly [string, string])[];
    };

export interface LegalSection {
  /** The fragment the table of contents links to (kebab-case, unique within the document). */
  id: string;
  title: string;
  blocks: readonly LegalBlock[];
}

export interface LegalDocument {
  seo: { title: string; description: string; keywords: readonly string[] };
  title: string;
  lead: string;
  /** A fixed date kept with the text (docs/product-rules.md D7 "Legal pages"): change it when the text changes. */
  lastUpdated: { iso: string; label: string };
  tocHeading: string;
  sections: readonly LegalSection[];
}

/** When both legal texts last changed. */
export const legalLastUpdated = { iso: '2026-11-22', label: '22 November 2026' } as const;
