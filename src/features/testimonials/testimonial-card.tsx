import { Quote, Star } from 'lucide-react';
import { cn } from '@/lib/cn';

export interface TestimonialCardData {
  name: string;
  location: string;
  issue: string;
  quote: string;
  result: string;
  rating: number;
  timeframe: string;
  /** A label above the quote, e.g. the category. */
  tag?: string;
}

/** One client story as a <figure>: the quote, who said it, and what changed. */
export function TestimonialCard({
  testimonial,
  className,
}: {
  testimonial: TestimonialCardData;
  className?: string;
}) {
  const { name, location, issue, quote, result, rating, timeframe, tag } = testimonial;
  return (
    <figure
      className={cn('flex h-full flex-col rounded-xl border border-border bg-card p-6 shadow-sm', className)}
    >
      <div className="flex items-center justify-between gap-3">
        <p className="flex gap-0.5 text-primary" role="img" aria-label={`Rated ${rating} out of 5`}>
          {Array.from({ length: 5 }, (_, index) => (
            <Star
              key={index}
              aria-hidden="true"
              className={cn('size-5', index < rating ? 'fill-current' : 'text-border')}
            />
          ))}
        </p>
        {tag ? (
          <span className="rounded-full bg-primary-soft px-3 py-1 text-xs font-semibold text-accent-foreground">
            {tag}
          </span>
        ) : null}
      </div>
      <p className="mt-4 text-sm font-semibold text-muted-foreground">{issue}</p>
      <blockquote className="mt-2 flex-1">
        <Quote aria-hidden="true" className="mb-1 size-5 text-primary" />
        <p className="text-foreground">{quote}</p>
      </blockquote>
      <p className="mt-4 rounded-lg bg-muted px-3 py-2 text-sm font-semibold text-success">{result}</p>
      <figcaption className="mt-4 text-sm">
        <span className="font-bold text-foreground">{name}</span>
        <span className="text-muted-foreground">
          , {location} · {timeframe}
        </span>
      </figcaption>
    </figure>
  );
}
