import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { testimonials } from '@/content/testimonials';
import { TestimonialsSection } from '@/features/testimonials/testimonials-section';

// What a condition's landing page shows of the success stories. Where they sit (centred, never in the left
// third of a grid) is measured in a real browser by e2e/layout.spec.ts.

function storyNames(heading: string): string[] {
  const section = screen.getByRole('region', { name: heading });
  return within(section)
    .getAllByRole('listitem')
    .map((item) => within(item).getByRole('figure').querySelector('figcaption')?.textContent ?? '');
}

function namesOf(category: string): string[] {
  return testimonials.filter((story) => story.category === category).map((story) => story.name);
}

describe('success stories on a landing page', () => {
  it.each(['Pain Management', 'Anxiety & Stress'] as const)(
    'shows the stories of %s only, under its heading',
    (category) => {
      render(<TestimonialsSection heading={`${category} Success Stories`} category={category} limit={3} />);
      const shown = storyNames(`${category} Success Stories`);
      expect(shown).toHaveLength(namesOf(category).length);
      for (const [index, name] of namesOf(category).entries()) expect(shown[index]).toContain(name);
    },
  );

  it('shows no more stories than its limit, the first ones stored', () => {
    render(<TestimonialsSection heading="Stories" category="Anxiety & Stress" limit={1} />);
    const shown = storyNames('Stories');
    expect(shown).toHaveLength(1);
    expect(shown[0]).toContain(namesOf('Anxiety & Stress')[0]);
  });

  it('offers no category filter: the page has chosen the category', () => {
    render(<TestimonialsSection heading="Stories" category="Pain Management" limit={3} />);
    expect(screen.queryByRole('group', { name: /filter/i })).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
