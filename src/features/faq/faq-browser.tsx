import { useId, useLayoutEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { SearchField } from '@/components/ui/search-field';
import { faqBrowserText as text, faqCategoryIds, faqCategoryLabels, type FaqEntry } from '@/content/faq';
import { cn } from '@/lib/cn';
import { EARLY_CONTROL_ATTRIBUTE } from '@/lib/early-input-script';
import { FaqAccordion } from './faq-accordion';
import {
  countFaqsByCategory,
  faqResultsText,
  filterFaqs,
  initialFaqFilter,
  type FaqCategoryFilter,
  type FaqFilter,
} from './faq-filter';

const chipIds: readonly FaqCategoryFilter[] = ['all', ...faqCategoryIds];

/** The controls' identities (EARLY_CONTROL_ATTRIBUTE): the same in the prerendered markup and the island. */
export const faqControls = {
  search: 'faq-search',
  chip: (id: FaqCategoryFilter) => `faq-category-${id}`,
  clear: 'faq-clear',
} as const;
const control = (key: string) => ({ [EARLY_CONTROL_ATTRIBUTE]: key });

interface FaqBrowserProps {
  entries: readonly FaqEntry[];
  /**
   * Text typed into the prerendered search box before this code arrived (read when the browser mounts, and
   * again as it replaces the prerendered box, so no keystroke in between is lost).
   */
  earlySearch?: () => string;
}

/** The /faq search box, category chips, live result count, accordion and empty state (docs/product-rules.md §2, §4). */
export function FaqBrowser({ entries, earlySearch }: FaqBrowserProps) {
  const [filter, setFilter] = useState<FaqFilter>(() => ({
    ...initialFaqFilter,
    search: earlySearch?.() ?? initialFaqFilter.search,
  }));
  // Keystrokes between the first render and the commit land in the prerendered box, still in the document
  // here (it goes after this effect, before the browser paints): read it once more. Usually a no-op.
  useLayoutEffect(() => {
    const search = earlySearch?.();
    if (search === undefined) return;
    // eslint-disable-next-line react-hooks/set-state-in-effect -- reads the DOM the island replaces, once
    setFilter((current) => (current.search === search ? current : { ...current, search }));
  }, [earlySearch]);
  const searchRef = useRef<HTMLInputElement>(null);
  const searchId = useId();
  const shown = filterFaqs(entries, filter);
  const counts = countFaqsByCategory(entries, filter.search);

  function clearFilters() {
    setFilter(initialFaqFilter);
    // The button disappears with the empty state; keep the keyboard user's place at the search box.
    searchRef.current?.focus();
  }

  return (
    <div className="space-y-6">
      <SearchField
        ref={searchRef}
        id={searchId}
        label={text.searchLabel}
        {...control(faqControls.search)}
        value={filter.search}
        onChange={(event) => setFilter((current) => ({ ...current, search: event.target.value }))}
        placeholder={text.searchPlaceholder}
      />

      <div role="group" aria-label={text.categoriesLabel} className="flex flex-wrap gap-2">
        {chipIds.map((id) => {
          const pressed = filter.category === id;
          return (
            <button
              key={id}
              type="button"
              {...control(faqControls.chip(id))}
              aria-pressed={pressed}
              onClick={() => setFilter((current) => ({ ...current, category: id }))}
              className={cn(
                'inline-flex min-h-11 items-center gap-2 rounded-full border px-4 py-2 text-sm font-semibold transition-colors',
                pressed
                  ? 'border-primary bg-primary text-primary-foreground'
                  : 'border-border bg-background text-foreground hover:border-primary hover:text-primary',
              )}
            >
              {faqCategoryLabels[id]}
              <span
                aria-hidden="true"
                className={cn(
                  'rounded-full px-2 py-0.5 text-xs',
                  pressed ? 'bg-white/20 text-primary-foreground' : 'bg-muted text-muted-foreground',
                )}
              >
                {counts[id]}
              </span>
              <span className="sr-only">{`, ${counts[id]} questions`}</span>
            </button>
          );
        })}
      </div>

      <p role="status" className="text-sm font-medium text-muted-foreground">
        {faqResultsText(shown.length, entries.length, filter.search)}
      </p>

      {shown.length > 0 ? (
        <FaqAccordion entries={shown} />
      ) : (
        <div className="rounded-xl border border-dashed border-border bg-muted px-6 py-10 text-center">
          <h2 className="font-serif text-2xl font-bold text-foreground">{text.noResults.title}</h2>
          <p className="mt-2 text-muted-foreground">{text.noResults.text}</p>
          <Button variant="secondary" className="mt-6" onClick={clearFilters} {...control(faqControls.clear)}>
            {text.noResults.clear}
          </Button>
        </div>
      )}
    </div>
  );
}
