import { describe, expect, it } from 'vitest';
import { telHref } from '@/content/contact';
import type { LegalDocument, RichText } from '@/content/legal';
import { privacyPolicy } from '@/content/privacy-policy';
import { terms } from '@/content/terms';

function plain(text: RichText): string {
  return typeof text === 'string'
    ? text
    : text.map((part) => (typeof part === 'string' ? part : part.text)).join('');
}

function fullText(document: LegalDocument): string {
  return document.sections
    .flatMap((section) =>
      section.blocks.flatMap((block) => {
        switch (block.type) {
          case 'p':
            return [plain(block.text)];
          case 'ul':
            return block.items.map(plain);
          case 'h3':
            return [block.text];
          case 'table':
            return block.rows.flat();
        }
      }),
    )
    .join('\n');
}

describe.each([
  ['Privacy Policy', privacyPolicy],
  ['Terms and Conditions', terms],
])('%s', (_name, document) => {
  it('has a fixed last-updated date, not today', () => {
    expect(document.lastUpdated).toEqual({ iso: '2026-11-22', label: '22 November 2026' });
  });

  it('has unique kebab-case section ids for the table of contents', () => {
    const ids = document.sections.map((section) => section.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z]+(-[a-z]+)*$/);
  });
});

describe('Privacy Policy constants (docs/product-rules.md §9)', () => {
  const text = fullText(privacyPolicy);
  it.each([
    'Anonymised after 30 days',
    'Deleted after 2 years',
    '7 years after your last appointment',
    '1 year, or sooner if you ask',
    'Up to 7 years',
    'deletion requests within 30 days',
    'respond to every request within 24 hours',
    'special-category data',
    'what you buy can reveal a health condition',
    'visible only to you and to the practitioner',
    '"Cookie settings" link in the footer',
    'Stripe',
    'PayPal or cryptocurrency',
  ])('states "%s"', (phrase) => {
    expect(text).toContain(phrase);
  });

  it('explains the four cookie categories', () => {
    for (const category of ['Essential:', 'Functional:', 'Analytics:', 'Marketing:'])
      expect(text).toContain(category);
  });
});

describe('Terms constants (docs/product-rules.md §9, D7)', () => {
  const text = fullText(terms);
  it.each([
    "at least 24 hours' notice",
    'a fee of 50% of the appointment price',
    'A no-show',
    'charged the full fee',
    'within 30 days of purchase',
    'minus an administration fee',
    "at least 30 days' notice",
    'You must be 18 or over',
    'written consent of a parent or guardian',
    'stream it from your account and to download it',
    'up to £150,000',
    'credit or debit card',
    'PayPal or cryptocurrency',
    '50 minutes',
    '£120',
    '£360',
    '£2.99',
    '£6.99',
  ])('states "%s"', (phrase) => {
    expect(text).toContain(phrase);
  });

  it('never states the old 60-90 minute appointment', () => {
    expect(text).not.toMatch(/60\s*-\s*90|60 minutes|90 minutes/);
  });
});

describe('telHref', () => {
  it('keeps digits and a leading plus only', () => {
    expect(telHref('+44 20 7946 0000')).toBe('tel:+442079460000');
    expect(telHref('(020) 7946-0000')).toBe('tel:02079460000');
  });
});
