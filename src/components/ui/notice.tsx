import { useEffect, useRef, type ReactNode } from 'react';
import { cn } from '@/lib/cn';

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
