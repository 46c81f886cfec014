import { useId } from 'react';
import { Container } from '@/components/ui/container';
import { cn } from '@/lib/cn';
import { testimonials as allTestimonials, type TestimonialCategory } from '@/content/testimonials';
import { filterTestimonials } from './filter-testimonials';
import { TestimonialCard } from './testimonial-card';

interface TestimonialsSectionProps {
  heading: string;
  /** The landing page's category: only its stories are shown. */
  category: TestimonialCategory;
  /** At most this many stories, in their stored order. */
  limit: number;
  className?: string;
}

/** The success stories of one category on its landing page (docs/product-rules.md §2, §3). */
export function TestimonialsSection({ heading, category, limit, className }: TestimonialsSectionProps) {
  const headingId = useId();
  const shown = filterTestimonials(allTestimonials, { category, limit });

  return (
    <section aria-labelledby={headingId} className={cn('py-16 sm:py-20', className)}>
      <Container>
        <h2 id={headingId} className="text-center font-serif text-3xl font-bold sm:text-4xl">
          {heading}
        </h2>
        {/* Rows that wrap and centre: one or two stories sit in the middle, never in the left of a 3-column grid. */}
        <ul className="mt-10 flex flex-wrap justify-center gap-6">
          {shown.map((testimonial) => (
            <li
              key={testimonial.id}
              className="w-full md:w-[calc((100%-1.5rem)/2)] lg:w-[calc((100%-3rem)/3)]"
            >
              <TestimonialCard testimonial={testimonial} />
            </li>
          ))}
        </ul>
        <p className="mt-6 text-center text-sm text-muted-foreground">
          Shared with clients&apos; permission; names shortened for privacy. Individual results vary.
        </p>
      </Container>
    </section>
  );
}
