import { MovedNodes } from '@/components/island/moved-nodes';
import { EARLY_CONTROL_ATTRIBUTE } from '@/lib/early-input-script';
import { Tabs, TAB_CONTROL_PREFIX } from './tabs';

/**
 * A prerendered <Tabs> made interactive: the tab list's name, each tab's id and label, and each panel's
 * content are taken from the page (the panels' nodes are moved, not copied), so the island needs none of the
 * panels' content in code. The first tab starts selected, as prerendered; a tab pressed before the code
 * arrived is pressed again by its id (src/app/adopted-page.tsx).
 */
export function render(container: HTMLElement) {
  const root = container.firstElementChild;
  const list = container.querySelector('[role="tablist"]');
  const panels = [...container.querySelectorAll('[role="tabpanel"]')];
  const items = [...container.querySelectorAll('[role="tab"]')].map((tab, index) => ({
    id: (tab.getAttribute(EARLY_CONTROL_ATTRIBUTE) ?? '').slice(TAB_CONTROL_PREFIX.length) || String(index),
    label: tab.textContent ?? '',
    content: <MovedNodes nodes={[...(panels[index]?.childNodes ?? [])]} />,
  }));
  return (
    <Tabs
      className={root?.className || undefined}
      label={list?.getAttribute('aria-label') ?? ''}
      items={items}
    />
  );
}
