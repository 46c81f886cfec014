import { ChevronDown } from 'lucide-react';
import { useId, useState, type MouseEvent, type ReactNode } from 'react';
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
 * A single-open, collapsible accordion on native <details>/<summary>: the prerendered HTML opens and closes
 * without JavaScript (the shared `name` makes the browser keep one open), and the keyboard works natively.
 * Once hydrated, React owns the state: a click on a summary opens that item and closes the others, or closes
 * it when it was open.
 */
export function Accordion({ items, defaultOpenId = null, className }: AccordionProps) {
  const [openId, setOpenId] = useState<string | null>(defaultOpenId);
  const group = useId();

  function toggle(event: MouseEvent<HTMLElement>, id: string) {
    event.preventDefault();
    const details = event.currentTarget.parentElement;
    // Follow what the visitor sees: an item opened before hydration closes on its first click.
    const wasOpen = details instanceof HTMLDetailsElement ? details.open : openId === id;
    const next = wasOpen ? null : id;
    if (details instanceof HTMLDetailsElement) details.open = next === id;
    setOpenId(next);
  }

  return (
    <div className={cn('divide-y divide-border rounded-xl border border-border bg-card', className)}>
      {items.map((item) => (
        <details
          key={item.id}
          name={group}
          open={openId === item.id}
          className="group"
          {...Object.fromEntries(Object.entries(item.data ?? {}).map(([name, value]) => [`data-${name}`, value]))}
        >
          <summary
            onClick={(event) => toggle(event, item.id)}
            className="flex min-h-11 cursor-pointer list-none items-center justify-between gap-4 rounded-xl px-4 py-4 text-left text-base font-semibold text-foreground hover:text-primary focus-visible:outline-offset-[-2px] sm:px-5 [&::-webkit-details-marker]:hidden"
          >
            <span>{item.title}</span>
            <ChevronDown
              aria-hidden="true"
              className="size-5 shrink-0 text-primary transition-transform group-open:rotate-180"
            />
          </summary>
          <div className="px-4 pb-5 leading-relaxed text-muted-foreground sm:px-5">{item.content}</div>
        </details>
      ))}
    </div>
  );
}
