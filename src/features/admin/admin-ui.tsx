import { CircleAlert, LoaderCircle } from 'lucide-react';
import {
  useEffect,
  useId,
  useRef,
  useState,
  type ComponentProps,
  type FormEvent,
  type ReactNode,
} from 'react';
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

const gbp = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });

/** Exact pounds and pence (the dashboard's figures are sums, so never rounded away). */
export function money(pence: number): string {
  return gbp.format(pence / 100);
}

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

/** Loading, error (with retry) or the content, for one TanStack query. */
export function QueryState<T>({
  query,
  children,
}: {
  query: { isPending: boolean; error: Error | null; data: T | undefined; refetch: () => unknown };
  children: (data: T) => ReactNode;
}) {
  const { error } = query;
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
        <Button size="sm" variant="secondary" onClick={() => void query.refetch()}>
          {adminText.retry}
        </Button>
      </div>
    );
  }
  if (query.isPending || query.data === undefined) {
    return (
      <p role="status" className="flex items-center gap-2 text-muted-foreground">
        <LoaderCircle aria-hidden="true" className="size-5 animate-spin motion-reduce:animate-none" />
        {adminText.loading}
      </p>
    );
  }
  return <>{children(query.data)}</>;
}

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

export type Message = { variant: 'error' | 'success'; text: string } | null;

/**
 * A success (status) or error (alert) message. With `focus`, it takes the keyboard focus when it appears: for
 * a message that replaces the control that was focused (a row that went away, a button no longer offered).
 */
export function Notice({
  variant,
  children,
  focus = false,
}: {
  variant: 'error' | 'success';
  children: ReactNode;
  focus?: boolean;
}) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (focus) ref.current?.focus();
  }, [focus]);
  return (
    <p
      ref={ref}
      tabIndex={focus ? -1 : undefined}
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

/** A search box with its button (the list searches when it is submitted). */
export function SearchForm({ label, onSearch }: { label: string; onSearch: (text: string) => void }) {
  const id = useId();
  const [draft, setDraft] = useState('');
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onSearch(draft);
  }
  return (
    <form role="search" onSubmit={submit} className="flex flex-wrap items-end gap-3">
      <div className="min-w-0 flex-1 basis-60">
        <Field id={`${id}-search`} label={label}>
          <input
            id={`${id}-search`}
            type="search"
            className={inputClass}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
          />
        </Field>
      </div>
      <Button type="submit" size="sm">
        {adminText.search}
      </Button>
    </form>
  );
}

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
