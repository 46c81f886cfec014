import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { authMessages, authPageText, fieldText } from '@/content/auth';
import { useSubmit } from '@/lib/use-submit';
import { signInWithPassword, signUpWithPassword, updatePassword } from './auth-writes';
import { FormField, PasswordField, SubmitButton, SubmitError } from './form-controls';
import { requestPasswordReset } from './password-reset';
import { validateNewPassword, type PasswordProblem } from './validation';

/** Focuses the field a validation problem is about, so its error is read out with it. */
function focusField(id: string) {
  document.getElementById(id)?.focus();
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
  const signIn = useSubmit({ mutationFn: signInWithPassword, onSuccess: onSignedIn });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    signIn.mutate({ email, password });
  }

  return (
    <form onSubmit={submit} className="space-y-4" aria-label={authPageText.tabs.login}>
      <SubmitError error={signIn.error} fallback={authMessages.loginFallback} />
      <EmailField id={`${id}-email`} value={email} onChange={setEmail} />
      <PasswordField
        id={`${id}-password`}
        label={fieldText.password}
        autoComplete="current-password"
        required
        value={password}
        onChange={(event) => setPassword(event.target.value)}
      />
      <SubmitButton loading={signIn.isPending}>{authPageText.signIn.submit}</SubmitButton>
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
  const signUp = useSubmit({
    mutationFn: signUpWithPassword,
    onSuccess: () => {
      setPassword('');
      setConfirmPassword('');
    },
  });
  const sentTo = signUp.isSuccess ? (signUp.variables?.email.trim() ?? null) : null;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    signUp.reset();
    const invalid = validateNewPassword(password, confirmPassword);
    setProblem(invalid);
    if (invalid) {
      focusField(`${id}-${invalid.field}`);
      return;
    }
    signUp.mutate({ email, password, redirectPath });
  }

  // Success replaces the form (as the reset request does): what happened, where the email went, what next.
  if (sentTo) {
    return (
      <div className="space-y-4">
        <Notice variant="success" look="banner">
          {authMessages.signupSuccess}
        </Notice>
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
            signUp.reset();
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
      <SubmitError error={signUp.error} fallback={authMessages.signupFallback} />
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
      <SubmitButton loading={signUp.isPending}>{authPageText.signUp.submit}</SubmitButton>
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
  const reset = useSubmit({ mutationFn: requestPasswordReset });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    reset.mutate({ email, next: redirectPath });
  }

  return (
    <form onSubmit={submit} className="space-y-4" aria-label={authPageText.tabs.forgot}>
      <SubmitError error={reset.error} fallback={authMessages.genericFallback} />
      {reset.isSuccess ? (
        <Notice variant="success" look="banner">
          {authMessages.resetEmailSent}
        </Notice>
      ) : null}
      <p className="text-sm text-muted-foreground">{authPageText.forgot.intro}</p>
      <EmailField id={`${id}-email`} value={email} onChange={setEmail} />
      <SubmitButton loading={reset.isPending}>{authPageText.forgot.submit}</SubmitButton>
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
  /** Saves the password another way than the signed-in session (a link's session not yet adopted). */
  save?: (password: string) => Promise<void>;
}

/** New Password and Confirm New Password, with show/hide toggles and the strength meter (docs/product-rules.md §2, §5). */
export function NewPasswordForm({
  submitLabel,
  fallbackError,
  onUpdated,
  acceptSamePassword = false,
  save: saveWith,
}: NewPasswordFormProps) {
  const id = useId();
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [problem, setProblem] = useState<PasswordProblem | null>(null);
  // The screen's next step (sign out, move on) runs while the button still spins.
  const save = useSubmit({
    mutationFn: (variables: { password: string; acceptSamePassword: boolean }) =>
      saveWith ? saveWith(variables.password) : updatePassword(variables),
    onSuccess: () => onUpdated(),
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    save.reset();
    const invalid = validateNewPassword(password, confirmPassword);
    setProblem(invalid);
    if (invalid) {
      focusField(`${id}-${invalid.field}`);
      return;
    }
    save.mutate({ password, acceptSamePassword });
  }

  return (
    <form onSubmit={submit} className="space-y-4">
      <SubmitError error={save.error} fallback={fallbackError} />
      <NewPasswordFields
        idPrefix={id}
        labels={{ password: fieldText.newPassword, confirm: fieldText.confirmNewPassword }}
        password={password}
        confirmPassword={confirmPassword}
        problem={problem}
        onPassword={setPassword}
        onConfirmPassword={setConfirmPassword}
      />
      <SubmitButton loading={save.isPending} disabled={!password || !confirmPassword}>
        {submitLabel}
      </SubmitButton>
    </form>
  );
}
