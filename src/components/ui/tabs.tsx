import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { EARLY_CONTROL_ATTRIBUTE } from '@/lib/early-input-script';

/** Each tab's identity (EARLY_CONTROL_ATTRIBUTE): this prefix and its item's id. */
export const TAB_CONTROL_PREFIX = 'tab-';

export interface TabItem {
  /** Stable id, unique within the tab set. */
  id: string;
  label: ReactNode;
  content: ReactNode;
}

interface TabsProps {
  items: readonly TabItem[];
  /** Accessible name of the tab list. */
  label: string;
  defaultValue?: string;
  className?: string;
}

/**
 * WAI-ARIA tabs (automatic activation): one tab stop for the list, arrow keys/Home/End move between tabs.
 * Every panel is rendered, inactive ones with `hidden`, so the prerendered HTML carries all their content.
 */
export function Tabs({ items, label, defaultValue, className }: TabsProps) {
  const baseId = useId();
  const [selected, setSelected] = useState(() =>
    items.some((item) => item.id === defaultValue) ? defaultValue : items[0]?.id,
  );
  const tabRefs = useRef(new Map<string, HTMLButtonElement>());
  const tabId = (id: string) => `${baseId}-tab-${id}`;
  const panelId = (id: string) => `${baseId}-panel-${id}`;

  function select(index: number) {
    const item = items[(index + items.length) % items.length];
    if (!item) return;
    setSelected(item.id);
    tabRefs.current.get(item.id)?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    const current = items.findIndex((item) => item.id === selected);
    const moves: Record<string, number> = {
      ArrowRight: current + 1,
      ArrowDown: current + 1,
      ArrowLeft: current - 1,
      ArrowUp: current - 1,
      Home: 0,
      End: items.length - 1,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    select(target);
  }

  return (
    <div className={className}>
      <div
        role="tablist"
        aria-label={label}
        aria-orientation="horizontal"
        className="flex flex-wrap justify-center gap-2 rounded-xl bg-muted p-2"
      >
        {items.map((item) => {
          const active = item.id === selected;
          return (
            <button
              key={item.id}
              ref={(node) => {
                if (node) tabRefs.current.set(item.id, node);
                else tabRefs.current.delete(item.id);
              }}
              type="button"
              role="tab"
              {...{ [EARLY_CONTROL_ATTRIBUTE]: `${TAB_CONTROL_PREFIX}${item.id}` }}
              id={tabId(item.id)}
              aria-selected={active}
              aria-controls={panelId(item.id)}
              tabIndex={active ? 0 : -1}
              onClick={() => setSelected(item.id)}
              onKeyDown={onKeyDown}
              className={cn(
                'min-h-11 rounded-lg px-4 text-sm font-semibold transition-colors sm:text-base',
                active
                  ? 'bg-primary text-primary-foreground shadow-sm'
                  : 'text-foreground hover:bg-background hover:text-primary',
              )}
            >
              {item.label}
            </button>
          );
        })}
      </div>
      {items.map((item) => (
        <div
          key={item.id}
          role="tabpanel"
          id={panelId(item.id)}
          aria-labelledby={tabId(item.id)}
          hidden={item.id !== selected}
          tabIndex={0}
          className="mt-6 rounded-xl"
        >
          {item.content}
        </div>
      ))}
    </div>
  );
}
