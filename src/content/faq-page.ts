import { prices, site } from '@/config/site';
import { formatPence } from '@/lib/format';
import { faqTotal } from './faq';

// The /faq page's own copy; its search's is in faq.ts (the search island loads without the page's copy).

const minutes = site.appointmentMinutes;
const audio = formatPence(prices.audioPence);

/** Copy of the /faq page (docs/product-rules.md §2 "/faq"): the texts in quotes there are verbatim. */
export const faqPageContent = {
  seo: {
    title: 'Frequently Asked Questions',
    description: `Answers to ${faqTotal} common questions about online hypnotherapy: ${minutes}-minute appointments, treatments, privacy and security, and pricing from ${audio}.`,
    keywords: [
      'hypnotherapy FAQ',
      'online hypnotherapy questions',
      'hypnotherapy cost UK',
      'is hypnotherapy safe',
    ],
  },
  title: 'Frequently Asked Questions',
  lead: 'Straight answers about hypnotherapy, online appointments, privacy and prices. Search, or choose a category.',
  listLabel: 'Questions and answers',
  contact: {
    title: 'Still have a question?',
    text: 'Get in touch by email or phone and you will receive a reply within 24 hours.',
    linkLabel: 'Contact Us',
  },
} as const;
