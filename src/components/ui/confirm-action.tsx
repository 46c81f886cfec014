import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';

/**
 * A destructive action behind a confirmation step, in place (no modal): the button opens the question with
 * "yes" and "no"; the focus moves to "no" (the safe choice) and comes back to the button when the question
 * closes (unless a message about the outcome has taken it). `onConfirm` answers whether the question should close;
 * `pending` (the write's mutation is running) disables both answers.
 */
export function ConfirmAction({
  label,
  accessibleLabel,
  question,
  confirmLabel,
  busyLabel,
  cancelLabel,
  variant = 'destructive',
  framed = false,
  onOpen,
  onConfirm,
  children,
  pending = false,
}: {
  label: string;
  /** The button's name when its text alone is ambiguous (e.g. one per table row). */
  accessibleLabel?: string;
  question: string;
  confirmLabel: string;
  busyLabel: string;
  cancelLabel: string;
  variant?: 'destructive' | 'secondary';
  /** A bordered box around the question (on its own, not in a table cell). */
  framed?: boolean;
  onOpen?: () => void;
  onConfirm: () => Promise<boolean>;
  /** A choice that goes with the answer (e.g. what happens to what was given), shown under the question. */
  children?: ReactNode;
  pending?: boolean;
}) {
  const [confirming, setConfirming] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);

  useEffect(() => {
    if (confirming) {
      cancel.current?.focus();
    } else if (wasOpen.current) {
      // Back to the button, unless something else (a message about the outcome) has taken the focus.
      const active = document.activeElement;
      if (!active || active === document.body) trigger.current?.focus();
    }
    wasOpen.current = confirming;
  }, [confirming]);

  async function confirm() {
    if (await onConfirm()) setConfirming(false);
  }

  if (!confirming) {
    return (
      <Button
        ref={trigger}
        variant={variant}
        size="sm"
        aria-label={accessibleLabel}
        onClick={() => {
          onOpen?.();
          setConfirming(true);
        }}
      >
        {label}
      </Button>
    );
  }
  return (
    <div
      role="group"
      aria-label={accessibleLabel ?? label}
      className={framed ? 'space-y-3 rounded-lg border border-destructive p-3' : 'space-y-2'}
    >
      <p className="font-medium text-foreground">{question}</p>
      {children}
      <div className="flex flex-wrap gap-2">
        <Button variant="destructive" size="sm" disabled={pending} onClick={() => void confirm()}>
          {pending ? busyLabel : confirmLabel}
        </Button>
        <Button
          ref={cancel}
          variant="secondary"
          size="sm"
          disabled={pending}
          onClick={() => setConfirming(false)}
        >
          {cancelLabel}
        </Button>
      </div>
    </div>
  );
}
