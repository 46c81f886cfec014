import { KeyRound, MailCheck } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { authMessages, resetPasswordText as text } from '@/content/auth';
import { useSubmit } from '@/lib/use-submit';
import { AuthLayout } from './auth-layout';
import { FormField, SubmitButton, SubmitError } from './form-controls';
import { requestPasswordReset } from './password-reset';
import { safeRedirectPath } from './validation';
import { AppLink } from '@/components/ui/app-link';

const inlineLink = 'font-semibold text-primary underline underline-offset-4 hover:no-underline';

/** /reset-password: idle → sending → error (back to idle) or sent (docs/product-rules.md §2, §4 "Reset request"). */
export function ResetRequest() {
  const id = useId();
  // Where the visitor was going (from /auth?redirectTo=…): the recovery link returns there after.
  const [params] = useSearchParams();
  const redirectPath = safeRedirectPath(params.get('redirectTo'));
  const [email, setEmail] = useState('');
  const send = useSubmit({ mutationFn: requestPasswordReset });
  const sentTo = send.isSuccess ? (send.variables?.email ?? null) : null;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const address = email.trim();
    if (!address) return;
    send.mutate({ email: address, next: redirectPath });
  }

  if (sentTo) {
    return (
      <AuthLayout backLabel={text.backToHome} icon={<MailCheck />} title={text.sent.title}>
        <div className="space-y-3 text-center text-muted-foreground">
          <p>
            {text.sent.sentTo} <strong className="block break-words text-foreground">{sentTo}</strong>
          </p>
          <p>{text.sent.expiry}</p>
          <p>{text.sent.spam}</p>
        </div>
        <div className="mt-6 flex flex-col gap-3">
          <Button asChild>
            <AppLink to={paths.auth}>{text.sent.backToSignIn}</AppLink>
          </Button>
          <Button
            variant="secondary"
            onClick={() => {
              send.reset();
              setEmail('');
            }}
          >
            {text.sent.tryDifferentEmail}
          </Button>
        </div>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout backLabel={text.backToHome} icon={<KeyRound />} title={text.title} lead={text.lead}>
      <form onSubmit={submit} className="space-y-4">
        <SubmitError error={send.error} fallback={authMessages.resetRequestFallback} />
        <FormField
          id={`${id}-email`}
          label={text.emailLabel}
          type="email"
          autoComplete="email"
          placeholder={text.emailPlaceholder}
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <SubmitButton loading={send.isPending} disabled={!email.trim()}>
          {text.submit}
        </SubmitButton>
      </form>
      <div className="mt-6 space-y-2 text-center text-sm text-muted-foreground">
        <p>
          {text.rememberPassword}{' '}
          <AppLink to={paths.auth} className={inlineLink}>
            {text.signInLink}
          </AppLink>
        </p>
        <p>
          {text.needHelp}{' '}
          <AppLink to={paths.contact} className={inlineLink}>
            {text.contactLink}
          </AppLink>
        </p>
      </div>
    </AuthLayout>
  );
}
