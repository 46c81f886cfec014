import { CircleAlert, CircleCheck } from 'lucide-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { cn } from '@/lib/cn';

export type Message = { variant: 'error' | 'success'; text: string } | null;

/**
 * A success (status) or error (alert) message. With `focus`, it takes the keyboard focus when it appears: for
 * a message that replaces the control that was focused (a row that went away, a button no longer offered).
 * The `banner` look (an icon on a tinted ground) is a form's outcome, the one thing to read on an auth screen;
 * `plain` sits among the dashboard's rows and panels.
 */
export function Notice({
  variant,
  children,
  focus = false,
  look = 'plain',
}: {
  variant: 'error' | 'success';
  children: ReactNode;
  focus?: boolean;
  look?: 'plain' | 'banner';
}) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (focus) ref.current?.focus();
  }, [focus]);
  const error = variant === 'error';
  const Icon = error ? CircleAlert : CircleCheck;
  return (
    <p
      ref={ref}
      tabIndex={focus ? -1 : undefined}
      role={error ? 'alert' : 'status'}
      className={cn(
        'rounded-lg border text-sm font-medium',
        error ? 'border-destructive text-destructive' : 'border-success text-success',
        look === 'banner'
          ? ['flex items-start gap-2 px-4 py-3', error ? 'bg-destructive/10' : 'bg-success/10']
          : 'p-3',
      )}
    >
      {look === 'banner' ? (
        <>
          <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>{children}</span>
        </>
      ) : (
        children
      )}
    </p>
  );
}

/** The message of whatever was thrown. */
export function messageOf(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback;
}
