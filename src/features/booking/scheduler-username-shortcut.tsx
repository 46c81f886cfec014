import { ExternalLink } from 'lucide-react';
import { useId, useRef, useState, type MouseEvent } from 'react';
import { site } from '@/config/site';
import { bookingCalendarCopy } from '@/content/booking-calendar';
import { cn } from '@/lib/cn';
import { inputClass } from '@/components/ui/input-style';
import { BookingButton } from './booking-button';
import { isValidSchedulerUsername } from './booking-url';

const copy = bookingCalendarCopy.admin;

/**
 * The `?admin=true` convenience on /virtual-appointments (docs/product-rules.md §2, §6): try another scheduler username's
 * 50-minute page in a new tab. It grants nothing; it only builds a link, and only from a valid username.
 */
export function SchedulerUsernameShortcut({ className }: { className?: string }) {
  const fieldId = useId();
  const hintId = `${fieldId}-hint`;
  const errorId = `${fieldId}-error`;
  const inputRef = useRef<HTMLInputElement>(null);
  const [username, setUsername] = useState<string>(site.scheduler.username);
  const valid = isValidSchedulerUsername(username);

  function onOpen(event: MouseEvent<HTMLAnchorElement>) {
    if (valid) return;
    event.preventDefault();
    inputRef.current?.focus();
  }

  return (
    <section
      aria-labelledby={`${fieldId}-heading`}
      className={cn('rounded-xl border-2 border-dashed border-border p-4 sm:p-6', className)}
    >
      <h3 id={`${fieldId}-heading`} className="font-bold">
        {copy.heading}
      </h3>
      <div className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-start">
        <div className="flex-1">
          <label htmlFor={fieldId} className="block text-sm font-semibold">
            {copy.fieldLabel}
          </label>
          <input
            ref={inputRef}
            id={fieldId}
            name="scheduler-username"
            type="text"
            autoComplete="off"
            spellCheck={false}
            value={username}
            onChange={(event) => setUsername(event.target.value)}
            aria-invalid={!valid}
            aria-describedby={valid ? hintId : `${errorId} ${hintId}`}
            className={cn(inputClass, 'mt-1')}
          />
          {valid ? null : (
            <p id={errorId} className="mt-1 text-sm font-semibold text-destructive">
              {copy.error}
            </p>
          )}
          <p id={hintId} className="mt-1 text-sm text-muted-foreground">
            {copy.hint}
          </p>
        </div>
        <BookingButton
          variant="secondary"
          size="md"
          icon={false}
          username={valid ? username : site.scheduler.username}
          onClick={onOpen}
          className="sm:mt-6"
        >
          <ExternalLink aria-hidden="true" />
          {copy.openLabel}
        </BookingButton>
      </div>
    </section>
  );
}
