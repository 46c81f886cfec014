import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';

/**
 * A panel opened from a list (an order's details, a customer's purchases, an edit form): its heading takes
 * the focus when it opens, and when it closes the focus goes back to what opened it (unless the user has
 * already moved on to something else).
 */
export function DetailPanel({
  title,
  closeLabel,
  onClose,
  returnFocusTo,
  children,
}: {
  title: string;
  closeLabel: string;
  onClose: () => void;
  /** Where the focus returns; by default what had it when the panel opened. */
  returnFocusTo?: HTMLElement | null;
  children: ReactNode;
}) {
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const [opener] = useState(() => (typeof document === 'undefined' ? null : document.activeElement));
  const target = returnFocusTo === undefined ? opener : returnFocusTo;
  const returnTo = useRef(target);
  useEffect(() => {
    returnTo.current = target;
  });
  useEffect(() => {
    heading.current?.focus();
    return () => {
      const active = document.activeElement;
      // Focus fell to the page when the panel went away: give it back to what opened the panel.
      if ((!active || active === document.body) && returnTo.current instanceof HTMLElement) {
        if (returnTo.current.isConnected) returnTo.current.focus();
      }
    };
  }, []);
  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-4 rounded-xl border-2 border-primary p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3
          id={`${id}-heading`}
          ref={heading}
          tabIndex={-1}
          className="min-w-0 break-words text-xl font-semibold text-foreground"
        >
          {title}
        </h3>
        <Button size="sm" variant="ghost" onClick={onClose}>
          {closeLabel}
        </Button>
      </div>
      {children}
    </section>
  );
}

/** The button of a list row that opens (and closes) the row's panel, shown under the row (DataTable's detail). */
export function DetailsToggle({
  label,
  accessibleLabel,
  expanded,
  onToggle,
}: {
  label: string;
  accessibleLabel: string;
  expanded: boolean;
  onToggle: () => void;
}) {
  return (
    <Button
      size="sm"
      variant="secondary"
      aria-label={accessibleLabel}
      aria-expanded={expanded}
      onClick={onToggle}
    >
      {label}
    </Button>
  );
}
