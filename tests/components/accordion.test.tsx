import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Accordion } from '@/components/ui/accordion';

const items = [
  { id: 'a', title: 'First question', content: <p>First answer</p> },
  { id: 'b', title: 'Second question', content: <p>Second answer</p> },
  { id: 'c', title: 'Third question', content: <p>Third answer</p> },
];

function detailsOf(title: string): HTMLDetailsElement {
  const details = screen.getByText(title).closest('details');
  if (!details) throw new Error(`no <details> around "${title}"`);
  return details;
}

const openTitles = () =>
  ['First question', 'Second question', 'Third question'].filter((title) => detailsOf(title).open);

describe('Accordion', () => {
  it('renders native details/summary, all closed by default', () => {
    render(<Accordion items={items} />);
    expect(screen.getByText('First question').closest('summary')).not.toBeNull();
    expect(openTitles()).toEqual([]);
    expect(screen.getByText('First answer')).not.toBeVisible();
  });

  it('opens the item whose summary is clicked', async () => {
    const user = userEvent.setup();
    render(<Accordion items={items} />);
    await user.click(screen.getByText('Second question'));
    expect(openTitles()).toEqual(['Second question']);
    expect(screen.getByText('Second answer')).toBeVisible();
  });

  it('keeps a single item open: opening another closes the first', async () => {
    const user = userEvent.setup();
    render(<Accordion items={items} />);
    await user.click(screen.getByText('First question'));
    await user.click(screen.getByText('Third question'));
    expect(openTitles()).toEqual(['Third question']);
    expect(screen.getByText('First answer')).not.toBeVisible();
  });

  it('is collapsible: clicking the open item closes it', async () => {
    const user = userEvent.setup();
    render(<Accordion items={items} />);
    await user.click(screen.getByText('First question'));
    await user.click(screen.getByText('First question'));
    expect(openTitles()).toEqual([]);
  });

  it('honours defaultOpenId', () => {
    render(<Accordion items={items} defaultOpenId="b" />);
    expect(openTitles()).toEqual(['Second question']);
  });

  it('puts each summary in the tab order (Enter and Space are covered in real Chromium by e2e)', async () => {
    const user = userEvent.setup();
    render(<Accordion items={items} />);
    await user.tab();
    expect(screen.getByText('First question').closest('summary')).toHaveFocus();
    await user.tab();
    expect(screen.getByText('Second question').closest('summary')).toHaveFocus();
  });

  it('closes an item that was opened before React took over', async () => {
    const user = userEvent.setup();
    render(<Accordion items={items} />);
    // As if the visitor opened it in the prerendered HTML before hydration.
    detailsOf('Second question').open = true;
    await user.click(screen.getByText('Second question'));
    expect(openTitles()).toEqual([]);
  });
});
