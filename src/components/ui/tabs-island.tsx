import { StaticHtml } from '@/components/island/static-html';
import { Tabs } from './tabs';

/**
 * A prerendered <Tabs> made interactive: the tab list's name, each tab's label and each panel's markup are read
 * from the page, so the island needs none of the panels' content in code. The first tab starts selected, as
 * prerendered.
 */
export function render(container: HTMLElement) {
  const root = container.firstElementChild;
  const list = container.querySelector('[role="tablist"]');
  const panels = [...container.querySelectorAll('[role="tabpanel"]')];
  const items = [...container.querySelectorAll('[role="tab"]')].map((tab, index) => ({
    id: String(index),
    label: tab.textContent ?? '',
    content: <StaticHtml html={panels[index]?.innerHTML ?? ''} />,
  }));
  return (
    <Tabs
      className={root?.className || undefined}
      label={list?.getAttribute('aria-label') ?? ''}
      items={items}
    />
  );
}
