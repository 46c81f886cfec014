import type { Testimonial, TestimonialCategory } from '@/content/testimonials';

export interface TestimonialFilter {
  /** Only this category; all categories when absent. */
  category?: TestimonialCategory;
  /** At most this many, in their stored order; all when absent. */
  limit?: number;
}

export function filterTestimonials(
  list: readonly Testimonial[],
  { category, limit }: TestimonialFilter = {},
): Testimonial[] {
  const matching = category ? list.filter((testimonial) => testimonial.category === category) : [...list];
  return limit === undefined ? matching : matching.slice(0, Math.max(0, Math.floor(limit)));
}
