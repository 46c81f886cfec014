import { Eye, EyeOff, LoaderCircle } from 'lucide-react';
import { useState, type ComponentProps, type ReactNode } from 'react';
import { Button, type ButtonProps } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { inputClass } from '@/components/ui/input-style';
import { Notice } from '@/components/ui/notice';
import { fieldText } from '@/content/auth';
import { cn } from '@/lib/cn';
import { errorMessage } from './error-message';
import { passwordStrength } from './password-strength';

interface FormFieldProps extends Omit<ComponentProps<'input'>, 'id'> {
  id: string;
  label: string;
  /** The field's own error (validation); wired with aria-invalid and aria-describedby. */
  error?: string | null;
  /** Extra described-by ids (e.g. a strength hint). */
  describedBy?: string;
  /** A control inside the field's frame, at its end (the show/hide toggle). */
  trailing?: ReactNode;
  after?: ReactNode;
}

/** A labelled input with its error below it (Epic Stack convention: one component wires the ARIA). */
export function FormField({
  id,
  label,
  error,
  describedBy,
  trailing,
  after,
  className,
  ...input
}: FormFieldProps) {
  const described = [error ? `${id}-error` : null, describedBy ?? null].filter(Boolean).join(' ');
  return (
    <Field id={id} label={label} error={error} after={after}>
      <div className="relative">
        <input
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={described || undefined}
          className={cn(inputClass, trailing ? 'pr-12' : null, className)}
          {...input}
        />
        {trailing}
      </div>
    </Field>
  );
}

interface PasswordFieldProps extends Omit<FormFieldProps, 'type' | 'trailing' | 'after'> {
  showStrength?: boolean;
}

/** A password input with a show/hide toggle and, optionally, the strength meter of docs/product-rules.md §5. */
export function PasswordField({
  showStrength = false,
  label,
  id,
  value,
  minLength = 6,
  ...props
}: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  const password = typeof value === 'string' ? value : '';
  const strengthId = `${id}-strength`;
  return (
    <FormField
      {...props}
      id={id}
      label={label}
      value={value}
      minLength={minLength}
      type={visible ? 'text' : 'password'}
      describedBy={showStrength && password ? strengthId : undefined}
      trailing={
        <button
          type="button"
          aria-label={fieldText.showPassword(label)}
          aria-pressed={visible}
          onClick={() => setVisible((shown) => !shown)}
          className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-lg text-muted-foreground hover:text-foreground"
        >
          {visible ? (
            <EyeOff aria-hidden="true" className="size-5" />
          ) : (
            <Eye aria-hidden="true" className="size-5" />
          )}
        </button>
      }
      after={showStrength && password ? <StrengthMeter id={strengthId} password={password} /> : null}
    />
  );
}

const barColours = ['bg-destructive', 'bg-warning', 'bg-success'] as const;

/** Three bars (length 6+, length 8+, uppercase and digit) and the hint of docs/product-rules.md §5. */
export function StrengthMeter({ id, password }: { id: string; password: string }) {
  const { bars, score, hint } = passwordStrength(password);
  const colour = barColours[Math.max(0, score - 1)] ?? 'bg-destructive';
  return (
    <div id={id} data-testid="password-strength" data-score={score}>
      <div className="flex gap-1.5" aria-hidden="true">
        {bars.map((on, index) => (
          <span
            key={index}
            data-on={on}
            className={cn('h-1.5 flex-1 rounded-full', on ? colour : 'bg-border')}
          />
        ))}
      </div>
      <p className="mt-1 text-sm text-muted-foreground">{hint}</p>
    </div>
  );
}

/**
 * A submit's failure as the form's message (docs/product-rules.md §4, §8): the provider's message, the practice's
 * own words for a rate limit and the like, or the fallback when it has none; nothing without an error.
 */
export function SubmitError({ error, fallback }: { error: unknown; fallback: string }) {
  return error ? (
    <Notice variant="error" look="banner">
      {errorMessage(error, fallback)}
    </Notice>
  ) : null;
}

/** The form's submit button: disabled with a spinner while the call runs. */
export function SubmitButton({
  loading,
  disabled,
  children,
  className,
  ...props
}: ButtonProps & { loading: boolean }) {
  return (
    <Button
      type="submit"
      className={cn('w-full', className)}
      disabled={loading || disabled}
      aria-busy={loading || undefined}
      {...props}
    >
      {loading ? <LoaderCircle aria-hidden="true" className="animate-spin" data-testid="spinner" /> : null}
      {children}
    </Button>
  );
}

/** The centred spinner of a screen still waiting for the auth service. */
export function AuthSpinner({ label }: { label: string }) {
  return (
    <div role="status" className="flex flex-col items-center gap-3 py-10 text-muted-foreground">
      <LoaderCircle aria-hidden="true" className="size-8 animate-spin text-primary" />
      <span>{label}</span>
    </div>
  );
}
