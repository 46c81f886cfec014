import { faqCategoryIds, type FaqCategory, type FaqEntry } from '@/content/faq';
import { FAQ_CATEGORY_DATA, FAQ_ID_DATA, FaqAccordion } from './faq-accordion';
import { EARLY_CONTROL_ATTRIBUTE } from '@/lib/early-input-script';
import { faqControls, FaqBrowser } from './faq-browser';

function isFaqCategory(value: string | undefined): value is FaqCategory {
  return (faqCategoryIds as readonly string[]).includes(value ?? '');
}

/**
 * The FAQ entries as the prerendered accordion shows them: each <details> carries its entry's id and category,
 * its <summary> the question and its body the answer. The island needs no copy of the 33 answers in code.
 */
export function readFaqEntries(container: ParentNode): FaqEntry[] {
  const entries: FaqEntry[] = [];
  for (const details of container.querySelectorAll<HTMLElement>(`details[data-${FAQ_ID_DATA}]`)) {
    const id = Number(details.getAttribute(`data-${FAQ_ID_DATA}`));
    const category = details.getAttribute(`data-${FAQ_CATEGORY_DATA}`) ?? undefined;
    const question = details.querySelector('summary')?.textContent ?? '';
    const answer = details.querySelector(':scope > :not(summary)')?.textContent ?? '';
    if (Number.isInteger(id) && isFaqCategory(category)) entries.push({ id, category, question, answer });
  }
  return entries;
}

/** What is in the prerendered search box: text the visitor typed before the code arrived. */
function prerenderedSearch(container: HTMLElement): string {
  const box = container.querySelector(`input[${EARLY_CONTROL_ATTRIBUTE}="${faqControls.search}"]`);
  return box instanceof HTMLInputElement ? box.value : '';
}

/** /faq's search, chips and accordion, over the entries (and any search typed) of the prerendered page. */
export function render(container: HTMLElement) {
  return <FaqBrowser entries={readFaqEntries(container)} earlySearch={() => prerenderedSearch(container)} />;
}

// /faq and /about import these from here, so the island and the code it mounts are one file on /faq's first
// load (0.4 KB gzip less than three files shared with those pages).
export { FaqAccordion, FaqBrowser };
