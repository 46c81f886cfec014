import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

interface SectionCardProps {
  id: string;
  title: string;
  lead?: ReactNode;
  actions?: ReactNode;
  children?: ReactNode;
  className?: string;
}

/** A titled card (My Account's sections): a labelled <section> with its h2, an optional lead and actions. */
export function SectionCard({ id, title, lead, actions, children, className }: SectionCardProps) {
  const headingId = `${id}-title`;
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      className={cn(
        'scroll-mt-24 rounded-xl border border-border bg-card p-5 text-card-foreground shadow-sm sm:p-6',
        className,
      )}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id={headingId} className="font-serif text-2xl font-bold text-foreground">
            {title}
          </h2>
          {lead ? <p className="mt-1 text-muted-foreground">{lead}</p> : null}
        </div>
        {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
      </div>
      {children ? <div className="mt-5">{children}</div> : null}
    </section>
  );
}
