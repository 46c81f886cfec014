// 'Your audio' as a screen reader meets it: a labelled section whose groups each have an h3 naming their list,
// each row titled by an h4 (docs/player.md "My Account as a library").
import { screen, within } from '@testing-library/react';

export const yourAudio = () => screen.getByRole('region', { name: 'Your audio' });

/** Its rows, group after group. */
export function audioRows(region: HTMLElement = yourAudio()): HTMLElement[] {
  return within(region)
    .queryAllByRole('heading', { level: 4 })
    .map((heading) => heading.closest('li')!);
}

export const rowTitles = (region: HTMLElement = yourAudio()) =>
  within(region)
    .queryAllByRole('heading', { level: 4 })
    .map((heading) => heading.textContent);

/** Waits for the first row, then gives the section. */
export async function findYourAudio(): Promise<HTMLElement> {
  const region = await screen.findByRole('region', { name: 'Your audio' });
  await within(region).findAllByRole('heading', { level: 4 });
  return region;
}

/** Each group: its heading (h3) and the titles in the list it names. */
export function audioGroups(region: HTMLElement = yourAudio()): [string, string[]][] {
  return within(region)
    .getAllByRole('heading', { level: 3 })
    .map((heading) => {
      const list = within(region).getByRole('list', { name: heading.textContent! });
      return [heading.textContent!, rowTitles(list)];
    });
}
