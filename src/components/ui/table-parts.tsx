import type { ComponentProps, ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { uiText } from '@/content/ui';
import { cn } from '@/lib/cn';

// The parts of the dashboard's tables (data-table.tsx puts them together).

/**
 * A table that scrolls sideways on its own on a narrow screen (focusable, so keyboard users can scroll it).
 * Positioned, so visually hidden (absolutely positioned) text in a cell stays inside it rather than widening
 * the page.
 */
export function TableFrame({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div
      role="region"
      aria-label={label}
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must be reachable by keyboard
      tabIndex={0}
      className="relative overflow-x-auto rounded-xl border border-border"
    >
      {children}
    </div>
  );
}

export function Th({ className, ...props }: ComponentProps<'th'>) {
  return (
    <th
      scope="col"
      className={cn(
        'whitespace-nowrap bg-muted px-3 py-2 text-left text-sm font-semibold text-foreground',
        className,
      )}
      {...props}
    />
  );
}

export function Td({ className, ...props }: ComponentProps<'td'>) {
  return (
    <td
      className={cn('border-t border-border px-3 py-2 align-top text-sm text-foreground', className)}
      {...props}
    />
  );
}

export function Pager({
  pageIndex,
  count,
  pageSize,
  hasMore,
  onPage,
}: {
  pageIndex: number;
  count: number;
  pageSize: number;
  hasMore: boolean;
  onPage: (next: number) => void;
}) {
  const from = count === 0 ? 0 : pageIndex * pageSize + 1;
  return (
    <nav
      aria-label={uiText.pageOf(from, pageIndex * pageSize + count)}
      className="flex flex-wrap items-center gap-3"
    >
      <Button size="sm" variant="secondary" disabled={pageIndex === 0} onClick={() => onPage(pageIndex - 1)}>
        {uiText.previous}
      </Button>
      <span className="text-sm text-muted-foreground" aria-live="polite">
        {uiText.pageOf(from, pageIndex * pageSize + count)}
      </span>
      <Button size="sm" variant="secondary" disabled={!hasMore} onClick={() => onPage(pageIndex + 1)}>
        {uiText.next}
      </Button>
    </nav>
  );
}
