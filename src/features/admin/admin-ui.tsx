import { CircleAlert, LoaderCircle } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { adminText } from '@/content/admin';
import { cn } from '@/lib/cn';

// Small building blocks shared by the dashboard's sections.

export const inputClass =
  'block min-h-11 w-full rounded-lg border border-input bg-background px-3 py-2 text-base text-foreground placeholder:text-muted-foreground aria-[invalid=true]:border-destructive disabled:opacity-60';

const dateTime = new Intl.DateTimeFormat('en-GB', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Europe/London',
});
const dateOnly = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'Europe/London' });

export function formatDateTime(iso: string | null | undefined): string {
  return iso ? dateTime.format(new Date(iso)) : adminText.never;
}

export function formatDate(iso: string | null | undefined): string {
  return iso ? dateOnly.format(new Date(iso)) : adminText.never;
}

/** A section of the dashboard: its heading (h2) and content. */
export function AdminSection({
  title,
  children,
  actions,
}: {
  title: string;
  children: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <section aria-label={title} className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="font-serif text-2xl font-bold text-foreground">{title}</h2>
        {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
      </div>
      {children}
    </section>
  );
}

/** Loading, error (with retry) or the content. */
export function QueryState({
  isPending,
  error,
  onRetry,
  children,
}: {
  isPending: boolean;
  error: Error | null;
  onRetry: () => void;
  children: () => ReactNode;
}) {
  if (error) {
    return (
      <div
        role="alert"
        className="flex flex-wrap items-center gap-3 rounded-lg border border-destructive p-4 text-destructive"
      >
        <CircleAlert aria-hidden="true" className="size-5 shrink-0" />
        <span className="font-medium">
          {adminText.loadFailed} ({error.message})
        </span>
        <Button size="sm" variant="secondary" onClick={onRetry}>
          {adminText.retry}
        </Button>
      </div>
    );
  }
  if (isPending) {
    return (
      <p role="status" className="flex items-center gap-2 text-muted-foreground">
        <LoaderCircle aria-hidden="true" className="size-5 animate-spin motion-reduce:animate-none" />
        {adminText.loading}
      </p>
    );
  }
  return <>{children()}</>;
}

/** A table that scrolls sideways on its own on a narrow screen (focusable, so keyboard users can scroll it). */
export function TableFrame({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div
      role="region"
      aria-label={label}
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must be reachable by keyboard
      tabIndex={0}
      className="overflow-x-auto rounded-xl border border-border"
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
      aria-label={adminText.pageOf(from, pageIndex * pageSize + count)}
      className="flex flex-wrap items-center gap-3"
    >
      <Button size="sm" variant="secondary" disabled={pageIndex === 0} onClick={() => onPage(pageIndex - 1)}>
        {adminText.previous}
      </Button>
      <span className="text-sm text-muted-foreground" aria-live="polite">
        {adminText.pageOf(from, pageIndex * pageSize + count)}
      </span>
      <Button size="sm" variant="secondary" disabled={!hasMore} onClick={() => onPage(pageIndex + 1)}>
        {adminText.next}
      </Button>
    </nav>
  );
}

export function Field({
  id,
  label,
  error,
  help,
  children,
}: {
  id: string;
  label: string;
  error?: string | null;
  help?: string;
  children: ReactNode;
}) {
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-semibold text-foreground">
        {label}
      </label>
      {children}
      {help ? (
        <p id={`${id}-help`} className="text-sm text-muted-foreground">
          {help}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="flex items-center gap-1.5 text-sm font-medium text-destructive">
          <CircleAlert aria-hidden="true" className="size-4 shrink-0" />
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** aria attributes tying an input to its Field's help and error. */
export function describedBy(id: string, error?: string | null, help?: boolean) {
  const ids = [help ? `${id}-help` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return { 'aria-invalid': error ? true : undefined, 'aria-describedby': ids || undefined };
}

export function Notice({ variant, children }: { variant: 'error' | 'success'; children: ReactNode }) {
  return (
    <p
      role={variant === 'error' ? 'alert' : 'status'}
      className={cn(
        'rounded-lg border p-3 text-sm font-medium',
        variant === 'error' ? 'border-destructive text-destructive' : 'border-success text-success',
      )}
    >
      {children}
    </p>
  );
}

/** The message of whatever was thrown. */
export function messageOf(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback;
}
