import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { testimonials } from '@/content/testimonials';
import { TestimonialsSection } from '@/features/testimonials/testimonials-section';

// One or two stories sit in the middle of the row, never in the left third of a three-column grid (the
// geometry itself is measured in a real browser by e2e/layout.spec.ts).

function storyList(category?: 'Pain Management' | 'Anxiety & Stress') {
  render(<TestimonialsSection category={category} heading="Success Stories" />);
  const section = screen.getByRole('region', { name: 'Success Stories' });
  return within(section).getByRole('list');
}

describe('testimonials layout', () => {
  it.each([
    ['Pain Management', 1],
    ['Anxiety & Stress', 2],
  ] as const)('%s: %i stor(ies) in a centred, wrapping row, not a fixed column grid', (category, count) => {
    expect(testimonials.filter((story) => story.category === category)).toHaveLength(count);
    const list = storyList(category);
    expect(within(list).getAllByRole('listitem')).toHaveLength(count);
    expect(list.className.split(' ')).toEqual(expect.arrayContaining(['flex', 'flex-wrap', 'justify-center']));
    expect(list.className).not.toMatch(/grid-cols/);
    // Each story keeps a column's width (a third on wide screens), so a lone one does not stretch across.
    for (const item of within(list).getAllByRole('listitem')) {
      expect(item.className).toContain('lg:w-[calc((100%-3rem)/3)]');
      expect(item.className).toContain('md:w-[calc((100%-1.5rem)/2)]');
    }
  });

  it('lays out every story the same way when unfiltered', () => {
    const list = storyList();
    expect(within(list).getAllByRole('listitem')).toHaveLength(testimonials.length);
    expect(list.className).toContain('justify-center');
  });
});
