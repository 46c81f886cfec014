import { useId, useState } from 'react';
import { Container } from '@/components/ui/container';
import { cn } from '@/lib/cn';
import {
  testimonialCategories,
  testimonials as allTestimonials,
  testimonialSummary as summary,
  type TestimonialCategory,
} from '@/content/testimonials';
import { filterTestimonials } from './filter-testimonials';
import { TestimonialCard } from './testimonial-card';

interface TestimonialsSectionProps {
  heading?: string;
  lead?: string;
  /** Fixed category (landing pages); without it, every category with optional filter chips. */
  category?: TestimonialCategory;
  limit?: number;
  /** Category chips; only meaningful without a fixed category. */
  showFilters?: boolean;
  showSummary?: boolean;
  className?: string;
}

const ALL = 'All';
type Chip = TestimonialCategory | typeof ALL;
const chipValues: readonly Chip[] = [ALL, ...testimonialCategories];

/** The reusable success-stories block (docs/product-rules.md §2, §3) with optional category and limit filters. */
export function TestimonialsSection({
  heading = 'Success Stories',
  lead,
  category,
  limit,
  showFilters = false,
  showSummary = true,
  className,
}: TestimonialsSectionProps) {
  const headingId = useId();
  const [chosen, setChosen] = useState<Chip>(ALL);
  const activeCategory = category ?? (chosen === ALL ? undefined : chosen);
  const shown = filterTestimonials(allTestimonials, { category: activeCategory, limit });
  const chips = showFilters && !category;

  return (
    <section aria-labelledby={headingId} className={cn('py-16 sm:py-20', className)}>
      <Container>
        <h2 id={headingId} className="text-center font-serif text-3xl font-bold sm:text-4xl">
          {heading}
        </h2>
        {lead ? (
          <p className="mx-auto mt-3 max-w-2xl text-center text-lg text-muted-foreground">{lead}</p>
        ) : null}

        {showSummary ? (
          <dl className="mx-auto mt-8 grid max-w-3xl grid-cols-3 gap-3 text-center">
            {[
              [summary.averageRating, summary.averageRatingLabel],
              [summary.transformations, summary.transformationsLabel],
              [summary.satisfaction, summary.satisfactionLabel],
            ].map(([value, label]) => (
              <div key={label} className="flex flex-col-reverse rounded-xl bg-muted px-2 py-4">
                <dt className="text-sm text-muted-foreground">{label}</dt>
                <dd className="text-2xl font-bold text-primary sm:text-3xl">{value}</dd>
              </div>
            ))}
          </dl>
        ) : null}

        {chips ? (
          <div
            role="group"
            aria-label="Filter stories by category"
            className="mt-8 flex flex-wrap justify-center gap-2"
          >
            {chipValues.map((name) => (
              <button
                key={name}
                type="button"
                aria-pressed={chosen === name}
                onClick={() => setChosen(name)}
                className={cn(
                  'min-h-11 rounded-full border-2 px-4 text-sm font-semibold transition-colors',
                  chosen === name
                    ? 'border-primary bg-primary text-primary-foreground'
                    : 'border-border bg-background text-foreground hover:border-primary',
                )}
              >
                {name === ALL ? 'All Stories' : name}
              </button>
            ))}
          </div>
        ) : null}

        {shown.length > 0 ? (
          // Rows that wrap and centre: one or two stories sit in the middle, never in the left of a 3-column grid.
          <ul className="mt-10 flex flex-wrap justify-center gap-6">
            {shown.map((testimonial) => (
              <li
                key={testimonial.id}
                className="w-full md:w-[calc((100%-1.5rem)/2)] lg:w-[calc((100%-3rem)/3)]"
              >
                <TestimonialCard
                  testimonial={{ ...testimonial, tag: category ? undefined : testimonial.category }}
                />
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-10 text-center text-muted-foreground">No stories in this category yet.</p>
        )}
        <p className="mt-6 text-center text-sm text-muted-foreground">
          Shared with clients&apos; permission; names shortened for privacy. Individual results vary.
        </p>
      </Container>
    </section>
  );
}
