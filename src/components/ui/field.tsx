import { CircleAlert } from 'lucide-react';
import type { ReactNode } from 'react';

/**
 * A labelled form control with its help and error below it. The control itself is the child, wired to the
 * texts with `describedBy` (or the caller's own ids), so one markup serves inputs, selects and text areas.
 */
export function Field({
  id,
  label,
  error,
  help,
  after,
  children,
}: {
  id: string;
  label: string;
  error?: string | null;
  help?: string;
  /** Below the error: a live hint that belongs to the field (the password strength meter). */
  after?: ReactNode;
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
      {after}
    </div>
  );
}

/** aria attributes tying a control to its Field's help and error. */
export function describedBy(id: string, error?: string | null, help?: boolean) {
  const ids = [help ? `${id}-help` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return { 'aria-invalid': error ? true : undefined, 'aria-describedby': ids || undefined };
}
