import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Tabs } from '@/components/ui/tabs';

const items = [
  { id: 'one', label: 'One', content: <p>First panel</p> },
  { id: 'two', label: 'Two', content: <p>Second panel</p> },
  { id: 'three', label: 'Three', content: <p>Third panel</p> },
];

function renderTabs(defaultValue?: string) {
  return render(<Tabs items={items} label="Numbers" defaultValue={defaultValue} />);
}

describe('Tabs', () => {
  it('renders a labelled tab list and every panel, only the selected one visible', () => {
    renderTabs();
    expect(screen.getByRole('tablist', { name: 'Numbers' })).toBeInTheDocument();
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['One', 'Two', 'Three']);
    // All content is in the document (prerendered for search engines); inactive panels are hidden.
    expect(screen.getByText('First panel')).toBeVisible();
    expect(screen.getByText('Second panel')).not.toBeVisible();
    expect(screen.getByText('Third panel')).not.toBeVisible();
    expect(screen.getAllByRole('tabpanel', { hidden: true })).toHaveLength(3);
  });

  it('wires tabs and panels with aria-selected, aria-controls and aria-labelledby, with roving tabindex', () => {
    renderTabs();
    const [first, second] = screen.getAllByRole('tab');
    expect(first).toHaveAttribute('aria-selected', 'true');
    expect(second).toHaveAttribute('aria-selected', 'false');
    expect(first).toHaveAttribute('tabindex', '0');
    expect(second).toHaveAttribute('tabindex', '-1');
    const panel = document.getElementById(first!.getAttribute('aria-controls')!);
    expect(panel).toHaveAttribute('role', 'tabpanel');
    expect(panel).toHaveAttribute('aria-labelledby', first!.id);
    expect(screen.getByRole('tabpanel', { name: 'One' })).toBe(panel);
  });

  it('selects a tab on click', async () => {
    const user = userEvent.setup();
    renderTabs();
    await user.click(screen.getByRole('tab', { name: 'Three' }));
    expect(screen.getByRole('tab', { name: 'Three' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText('Third panel')).toBeVisible();
    expect(screen.getByText('First panel')).not.toBeVisible();
  });

  it('moves selection and focus with arrow keys (wrapping), Home and End', async () => {
    const user = userEvent.setup();
    renderTabs();
    await user.tab();
    expect(screen.getByRole('tab', { name: 'One' })).toHaveFocus();

    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Two' })).toHaveFocus();
    expect(screen.getByRole('tab', { name: 'Two' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText('Second panel')).toBeVisible();

    await user.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Three' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'One' })).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Three' })).toHaveFocus();
    await user.keyboard('{Home}');
    expect(screen.getByRole('tab', { name: 'One' })).toHaveAttribute('aria-selected', 'true');
  });

  it('keeps one tab stop: Tab from the list goes to the panel', async () => {
    const user = userEvent.setup();
    renderTabs('two');
    await user.tab();
    expect(screen.getByRole('tab', { name: 'Two' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('tabpanel', { name: 'Two' })).toHaveFocus();
  });
});
