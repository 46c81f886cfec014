import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { authMessages, authPageText, fieldText } from '@/content/auth';
import { getSupabase } from '@/lib/supabase';
import { errorMessage } from './error-message';
import { FormField, FormMessage, PasswordField, SubmitButton } from './form-controls';
import { emailRedirectUrl } from './email-redirect';
import { requestPasswordReset } from './password-reset';
import { validateNewPassword, type PasswordProblem } from './validation';

type Outcome = { variant: 'error' | 'success'; text: string } | null;

/** Focuses the field a validation problem is about, so its error is read out with it. */
function focusField(id: string) {
  document.getElementById(id)?.focus();
}

/**
 * One auth call of a form (docs/product-rules.md §4): the last message is cleared, the submit button spins, and a returned
 * or thrown error becomes the provider's message, or the fallback when it has none (docs/product-rules.md §8).
 */
function useAuthRequest(fallback: string) {
  const [loading, setLoading] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);

  async function run(call: () => Promise<unknown>, onSuccess: () => void) {
    setOutcome(null);
    setLoading(true);
    try {
      const error = await call();
      if (error) setOutcome({ variant: 'error', text: errorMessage(error, fallback) });
      else onSuccess();
    } catch (error) {
      setOutcome({ variant: 'error', text: errorMessage(error, fallback) });
    } finally {
      setLoading(false);
    }
  }

  return { loading, outcome, setOutcome, run };
}

function EmailField({
  id,
  value,
  onChange,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <FormField
      id={id}
      label={fieldText.email}
      type="email"
      autoComplete="email"
      placeholder={fieldText.emailPlaceholder}
      required
      value={value}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

interface NewPasswordFieldsProps {
  idPrefix: string;
  labels: { password: string; confirm: string };
  password: string;
  confirmPassword: string;
  problem: PasswordProblem | null;
  onPassword: (value: string) => void;
  onConfirmPassword: (value: string) => void;
}

/** A new password and its confirmation (sign-up and password update): strength meter, show/hide, errors. */
function NewPasswordFields({
  idPrefix,
  labels,
  password,
  confirmPassword,
  problem,
  ...on
}: NewPasswordFieldsProps) {
  return (
    <>
      <PasswordField
        id={`${idPrefix}-password`}
        label={labels.password}
        autoComplete="new-password"
        required
        showStrength
        value={password}
        error={problem?.field === 'password' ? problem.message : null}
        onChange={(event) => on.onPassword(event.target.value)}
      />
      <PasswordField
        id={`${idPrefix}-confirmPassword`}
        label={labels.confirm}
        autoComplete="new-password"
        required
        value={confirmPassword}
        error={problem?.field === 'confirmPassword' ? problem.message : null}
        onChange={(event) => on.onConfirmPassword(event.target.value)}
      />
    </>
  );
}

export function SignInForm({ onSignedIn }: { onSignedIn: () => void }) {
  const id = useId();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const { loading, outcome, run } = useAuthRequest(authMessages.loginFallback);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void run(
      async () => (await (await getSupabase()).auth.signInWithPassword({ email, password })).error,
      onSignedIn,
    );
  }

  return (
    <form onSubmit={submit} className="space-y-4" aria-label={authPageText.tabs.login}>
      {outcome ? <FormMessage variant={outcome.variant}>{outcome.text}</FormMessage> : null}
      <EmailField id={`${id}-email`} value={email} onChange={setEmail} />
      <PasswordField
        id={`${id}-password`}
        label={fieldText.password}
        autoComplete="current-password"
        required
        value={password}
        onChange={(event) => setPassword(event.target.value)}
      />
      <SubmitButton loading={loading}>{authPageText.signIn.submit}</SubmitButton>
    </form>
  );
}

/** `redirectPath`: where the confirmation link returns to (the page the visitor was going to). */
export function SignUpForm({ redirectPath = '/' }: { redirectPath?: string }) {
  const id = useId();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [problem, setProblem] = useState<PasswordProblem | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { loading, outcome, setOutcome, run } = useAuthRequest(authMessages.signupFallback);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setOutcome(null);
    const invalid = validateNewPassword(password, confirmPassword);
    setProblem(invalid);
    if (invalid) {
      focusField(`${id}-${invalid.field}`);
      return;
    }
    void run(
      async () => {
        const client = await getSupabase();
        // The confirmation link brings the visitor back to where they were going (docs/auth-links.md).
        const options = { emailRedirectTo: emailRedirectUrl(redirectPath) };
        return (await client.auth.signUp({ email, password, options })).error;
      },
      () => {
        setSentTo(email.trim());
        setPassword('');
        setConfirmPassword('');
      },
    );
  }

  // Success replaces the form (as the reset request does): what happened, where the email went, what next.
  if (sentTo) {
    return (
      <div className="space-y-4">
        <FormMessage variant="success">{authMessages.signupSuccess}</FormMessage>
        <div className="space-y-3 text-center text-muted-foreground">
          <p>
            {authPageText.signUp.sentTo}{' '}
            <strong className="block [overflow-wrap:anywhere] text-foreground">{sentTo}</strong>
          </p>
          <p>{authPageText.signUp.nextStep}</p>
          <p>{authPageText.signUp.spam}</p>
        </div>
        <Button
          variant="secondary"
          className="w-full"
          onClick={() => {
            setSentTo(null);
            setEmail('');
          }}
        >
          {authPageText.signUp.differentEmail}
        </Button>
      </div>
    );
  }

  return (
    <form onSubmit={submit} className="space-y-4" aria-label={authPageText.tabs.signup}>
      {outcome ? <FormMessage variant={outcome.variant}>{outcome.text}</FormMessage> : null}
      <EmailField id={`${id}-email`} value={email} onChange={setEmail} />
      <NewPasswordFields
        idPrefix={id}
        labels={{ password: fieldText.password, confirm: fieldText.confirmPassword }}
        password={password}
        confirmPassword={confirmPassword}
        problem={problem}
        onPassword={setPassword}
        onConfirmPassword={setConfirmPassword}
      />
      <p className="text-sm text-muted-foreground">{authPageText.signUp.note}</p>
      <SubmitButton loading={loading}>{authPageText.signUp.submit}</SubmitButton>
    </form>
  );
}

/** The /auth screen's Reset tab. */
export function ForgotPasswordForm({
  onBack,
  redirectPath = '/',
}: {
  onBack: () => void;
  redirectPath?: string;
}) {
  const id = useId();
  const [email, setEmail] = useState('');
  const { loading, outcome, setOutcome, run } = useAuthRequest(authMessages.genericFallback);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void run(
      () => requestPasswordReset(email, redirectPath),
      () => setOutcome({ variant: 'success', text: authMessages.resetEmailSent }),
    );
  }

  return (
    <form onSubmit={submit} className="space-y-4" aria-label={authPageText.tabs.forgot}>
      {outcome ? <FormMessage variant={outcome.variant}>{outcome.text}</FormMessage> : null}
      <p className="text-sm text-muted-foreground">{authPageText.forgot.intro}</p>
      <EmailField id={`${id}-email`} value={email} onChange={setEmail} />
      <SubmitButton loading={loading}>{authPageText.forgot.submit}</SubmitButton>
      <Button variant="ghost" className="w-full" onClick={onBack}>
        {authPageText.forgot.backToSignIn}
      </Button>
    </form>
  );
}

interface NewPasswordFormProps {
  submitLabel: string;
  /** Shown when a thrown error has no message. */
  fallbackError: string;
  onUpdated: () => void | Promise<void>;
  /**
   * Finishing a sign-up: a password equal to the stored one is what was wanted (the auth service refuses it
   * as 'same_password'), so it counts as saved.
   */
  acceptSamePassword?: boolean;
}

/** New Password and Confirm New Password, with show/hide toggles and the strength meter (docs/product-rules.md §2, §5). */
export function NewPasswordForm({
  submitLabel,
  fallbackError,
  onUpdated,
  acceptSamePassword = false,
}: NewPasswordFormProps) {
  const id = useId();
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [problem, setProblem] = useState<PasswordProblem | null>(null);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    const invalid = validateNewPassword(password, confirmPassword);
    setProblem(invalid);
    if (invalid) {
      focusField(`${id}-${invalid.field}`);
      return;
    }
    setSaving(true);
    try {
      const client = await getSupabase();
      const { error: updateError } = await client.auth.updateUser({ password });
      if (updateError && !(acceptSamePassword && updateError.code === 'same_password')) {
        setError(errorMessage(updateError, fallbackError));
        setSaving(false);
        return;
      }
      await onUpdated();
    } catch (thrown) {
      setError(errorMessage(thrown, fallbackError));
      setSaving(false);
    }
  }

  return (
    <form onSubmit={submit} className="space-y-4">
      {error ? <FormMessage variant="error">{error}</FormMessage> : null}
      <NewPasswordFields
        idPrefix={id}
        labels={{ password: fieldText.newPassword, confirm: fieldText.confirmNewPassword }}
        password={password}
        confirmPassword={confirmPassword}
        problem={problem}
        onPassword={setPassword}
        onConfirmPassword={setConfirmPassword}
      />
      <SubmitButton loading={saving} disabled={!password || !confirmPassword}>
        {submitLabel}
      </SubmitButton>
    </form>
  );
}
