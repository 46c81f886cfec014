import { describe, expect, it } from 'vitest';
import { testimonialCategories, testimonials, testimonialSummary } from '@/content/testimonials';
import { filterTestimonials } from '@/features/testimonials/filter-testimonials';

describe('testimonials content', () => {
  it('holds the 8 stories of docs/product-rules.md §3 across the six categories', () => {
    expect(testimonials).toHaveLength(8);
    expect(new Set(testimonials.map((t) => t.id)).size).toBe(8);
    expect(new Set(testimonials.map((t) => t.category))).toEqual(new Set(testimonialCategories));
    for (const t of testimonials) {
      expect(t.name).toMatch(/^[A-Z][a-z]+ [A-Z]\.$/);
      expect(t.rating).toBeGreaterThanOrEqual(1);
      expect(t.rating).toBeLessThanOrEqual(5);
      for (const field of [t.location, t.issue, t.quote, t.result, t.timeframe])
        expect(field.length).toBeGreaterThan(0);
    }
  });

  it('states the summary of docs/product-rules.md §9', () => {
    expect(testimonialSummary.averageRating).toBe('4.9/5');
    expect(testimonialSummary.transformations).toBe('500+');
    expect(testimonialSummary.satisfaction).toBe('95%');
  });
});

describe('filterTestimonials', () => {
  it('keeps one category, in stored order', () => {
    const anxiety = filterTestimonials(testimonials, { category: 'Anxiety & Stress', limit: 100 });
    expect(anxiety.length).toBeGreaterThan(0);
    expect(anxiety.map((t) => t.id)).toEqual(
      testimonials.filter((t) => t.category === 'Anxiety & Stress').map((t) => t.id),
    );
  });

  it('limits the count after the category filter', () => {
    const habits = filterTestimonials(testimonials, { category: 'Habits & Addictions', limit: 1 });
    expect(habits).toHaveLength(1);
    expect(habits[0]?.category).toBe('Habits & Addictions');
    expect(filterTestimonials(testimonials, { category: 'Anxiety & Stress', limit: 0 })).toEqual([]);
  });

  it('gives every landing-page category at least one and at most three stories', () => {
    for (const category of testimonialCategories) {
      const shown = filterTestimonials(testimonials, { category, limit: 3 });
      expect(shown.length).toBeGreaterThanOrEqual(1);
      expect(shown.length).toBeLessThanOrEqual(3);
    }
  });
});
