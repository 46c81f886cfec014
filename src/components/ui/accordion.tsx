import { ChevronDownIcon } from './first-load-icons';
import { useId, type ReactNode, type SyntheticEvent } from 'react';
import { cn } from '@/lib/cn';

export interface AccordionItem {
  id: string;
  title: ReactNode;
  content: ReactNode;
  /** data-* attributes of the item's <details> (names without the prefix): what the markup says about it. */
  data?: Readonly<Record<string, string>>;
}

interface AccordionProps {
  items: readonly AccordionItem[];
  /** The item open at first (none by default). */
  defaultOpenId?: string | null;
  className?: string;
}

/**
 * A single-open, collapsible accordion on native <details>/<summary>: it opens and closes without JavaScript
 * (the shared `name` makes the browser keep one open) and the keyboard works natively, so it behaves the same
 * in a page adopted without its code (src/app/adopted-page.tsx). React only sets which item starts open; where
 * a browser does not know `name`, opening an item closes the others (on the toggle, not on a click handler).
 */
export function Accordion({ items, defaultOpenId = null, className }: AccordionProps) {
  const group = useId();

  function closeOthers(event: SyntheticEvent<HTMLDetailsElement>) {
    const opened = event.currentTarget;
    if (!opened.open) return;
    for (const sibling of opened.parentElement?.children ?? [])
      if (sibling !== opened && sibling instanceof HTMLDetailsElement) sibling.open = false;
  }

  return (
    <div className={cn('divide-y divide-border rounded-xl border border-border bg-card', className)}>
      {items.map((item) => (
        <details
          key={item.id}
          name={group}
          open={item.id === defaultOpenId}
          onToggle={closeOthers}
          className="group"
          {...Object.fromEntries(Object.entries(item.data ?? {}).map(([name, value]) => [`data-${name}`, value]))}
        >
          <summary
            className="flex min-h-11 cursor-pointer list-none items-center justify-between gap-4 rounded-xl px-4 py-4 text-left text-base font-semibold text-foreground hover:text-primary focus-visible:outline-offset-[-2px] sm:px-5 [&::-webkit-details-marker]:hidden"
          >
            <span>{item.title}</span>
            <ChevronDownIcon
              className="size-5 shrink-0 text-primary transition-transform group-open:rotate-180"
            />
          </summary>
          <div className="px-4 pb-5 leading-relaxed text-muted-foreground sm:px-5">{item.content}</div>
        </details>
      ))}
    </div>
  );
}
