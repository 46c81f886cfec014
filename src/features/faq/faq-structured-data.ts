import type { JsonLd } from '@/components/seo/seo';
import { webPage } from '@/components/seo/structured-data';
import { paths } from '@/config/paths';
import type { FaqEntry } from '@/content/faq';

/** schema.org FAQPage for /faq: every question with its answer, and the page's breadcrumb. */
export function faqPageStructuredData(
  entries: readonly FaqEntry[],
  page: { name: string; description: string },
): JsonLd {
  return {
    ...webPage({
      type: 'FAQPage',
      name: page.name,
      description: page.description,
      path: paths.faq,
      crumbs: [
        { name: 'Home', path: paths.home },
        { name: page.name, path: paths.faq },
      ],
    }),
    mainEntity: entries.map((entry) => ({
      '@type': 'Question',
      name: entry.question,
      acceptedAnswer: { '@type': 'Answer', text: entry.answer },
    })),
  };
}
