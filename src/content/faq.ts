
// The FAQ's categories and its search's copy. The page's own copy is in faq-page.ts; the 33 entries (docs/product-rules.md §3 "FAQ entry") are in faq-entries.ts,
// the first five (shown on /about too) in faq-first.ts, so neither /about nor the FAQ's search island, which
// reads the entries from the page, ships all 33 answers.

export const faqCategoryIds = ['general', 'appointments', 'treatments', 'privacy', 'pricing'] as const;
export type FaqCategory = (typeof faqCategoryIds)[number];

export interface FaqEntry {
  /** 1-33, stable: the order on the page and the first five shown on /about. */
  id: number;
  category: FaqCategory;
  question: string;
  answer: string;
}

/** The chip labels, verbatim from docs/product-rules.md §2 "/faq". */
export const faqCategoryLabels: Readonly<Record<FaqCategory | 'all', string>> = {
  all: 'All Categories',
  general: 'General',
  appointments: 'Appointments',
  treatments: 'Treatments',
  privacy: 'Privacy & Security',
  pricing: 'Pricing',
};

/** How many questions the FAQ holds ('View All 33 FAQs'); a test keeps it equal to faqEntries.length. */
export const faqTotal = 33;

/** The /faq search's copy (docs/product-rules.md §2 "/faq"): the texts in quotes there are verbatim. */
export const faqBrowserText = {
  searchLabel: 'Search the questions',
  searchPlaceholder: 'Search FAQs...',
  categoriesLabel: 'Filter by category',
  noResults: {
    title: 'No questions found',
    text: 'Try a different word, choose another category, or ask the practice directly.',
    clear: 'Clear all filters',
  },
} as const;
