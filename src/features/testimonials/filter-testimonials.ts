import type { Testimonial, TestimonialCategory } from '@/content/testimonials';

export interface TestimonialFilter {
  /** Only this category. */
  category: TestimonialCategory;
  /** At most this many, in their stored order. */
  limit: number;
}

export function filterTestimonials(
  list: readonly Testimonial[],
  { category, limit }: TestimonialFilter,
): Testimonial[] {
  const matching = list.filter((testimonial) => testimonial.category === category);
  return matching.slice(0, Math.max(0, Math.floor(limit)));
}
