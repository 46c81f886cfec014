import { CircleCheck, MailCheck, ShieldAlert } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { AppLink } from '@/components/ui/app-link';
import { Notice } from '@/components/ui/notice';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { confirmLinkText as text } from '@/content/auth';
import { authNotices } from '@/content/auth-notices';
import { toast } from '@/lib/toast';
import { NewPasswordForm } from './auth-forms';
import { AuthLayout } from './auth-layout';
import { AuthSpinner } from './form-controls';
import { checkConfirmLink, confirmFailureMessage, type ConfirmLinkCheck } from './confirm-link';
import { claimAccount, setPasswordWithLink } from './account-claim';
import { discardLinkSession, verifyTokenHash, type LinkResult, type LinkSession } from './link-session';
import { forgetSignupProof, signupProofFor } from './signup-proof';
import { linkSessionPrompt } from './switch-account-question';
import type { VerifiedRecoveryState } from './update-password-view';
import { useLinkSession } from './use-link-session';

/** A sign-up confirmation on its way to an account that is its owner's (docs/security.md). */
type Confirmation =
  | { name: 'checking' }
  | { name: 'failed'; reason: string }
  | { name: 'choose'; session: LinkSession }
  | { name: 'owned' };

/**
 * /auth/confirm: every emailed link (sign-up confirmation, recovery, email change) lands here with a token hash
 * (docs/auth-links.md). The hash is verified without touching the signed-in session; a different account
 * signed in is asked first. A confirmed sign-up is made its owner's before this browser adopts its session:
 * at once when this browser made the sign-up (signup-proof.ts), otherwise only after the person, shown which
 * account it is, chooses its password (which ends every other session); they can leave instead, signed in to
 * nothing. So confirming never hands the account, or what the practice kept for the address, to whoever
 * signed up first. A recovery goes on to /update-password.
 */
export function ConfirmLinkView() {
  const navigate = useNavigate();
  const [check] = useState<ConfirmLinkCheck>(() =>
    checkConfirmLink(window.location.search, window.location.hash),
  );
  const isSignup = check.kind === 'verify' && (check.type === 'email' || check.type === 'signup');
  const [confirmation, setConfirmation] = useState<Confirmation>({ name: 'checking' });
  const verified = useRef<Promise<LinkResult> | null>(null);
  // Sign-ups are verified and claimed here first; recovery and email change links go straight to adoption.
  const [obtain, setObtain] = useState<(() => Promise<LinkResult>) | null>(() =>
    check.kind === 'verify' && !isSignup ? () => verifyTokenHash(check.tokenHash, check.type) : null,
  );

  useEffect(() => {
    if (check.kind !== 'verify' || !isSignup) return;
    let active = true;
    verified.current ??= verifyTokenHash(check.tokenHash, check.type);
    void verified.current.then(async (result) => {
      if (!active) return;
      if (!result.ok) {
        setConfirmation({ name: 'failed', reason: result.reason });
        return;
      }
      try {
        const outcome = await claimAccount(result.session.accessToken, signupProofFor(result.session.email));
        if (!active) return;
        if (outcome === 'owned') {
          forgetSignupProof(result.session.email);
          setConfirmation({ name: 'owned' });
          setObtain(() => () => Promise.resolve(result));
        } else {
          setConfirmation({ name: 'choose', session: result.session });
        }
      } catch {
        if (active) setConfirmation({ name: 'failed', reason: 'failed' });
      }
    });
    return () => {
      active = false;
    };
  }, [check, isSignup]);

  const link = useLinkSession(obtain);
  const state = link.state;

  useEffect(() => {
    if (state.name === 'stayed') void navigate(paths.authConfirm, { replace: true });
    if (state.name !== 'ready' || check.kind !== 'verify') return;
    if (check.type === 'recovery') {
      const verified: VerifiedRecoveryState = { recoveryVerified: true };
      // The recovery link's `next` is /update-password, carrying where to go after (docs/auth-links.md).
      const target = check.next.startsWith(`${paths.updatePassword}?`) ? check.next : paths.updatePassword;
      void navigate(target, { replace: true, state: verified });
    } else if (isSignup) {
      toast.success(authNotices.emailConfirmed, {
        description: authNotices.emailConfirmedDetail,
        duration: 10_000,
      });
      void navigate(check.next, { replace: true });
    } else {
      // The token has done its job: keep it out of the address bar and the history.
      void navigate(paths.authConfirm, { replace: true });
    }
  }, [state, check, isSignup, navigate]);

  if (check.kind === 'invalid' || state.name === 'invalid' || confirmation.name === 'failed') {
    const message =
      check.kind === 'invalid'
        ? check.message
        : confirmFailureMessage(
            state.name === 'invalid'
              ? state.reason
              : confirmation.name === 'failed'
                ? confirmation.reason
                : '',
          );
    return (
      <AuthLayout icon={<ShieldAlert />} title={text.invalidTitle}>
        <Notice variant="error" look="banner">
          {message}
        </Notice>
        <Button asChild variant="secondary" className="mt-6 w-full">
          <AppLink to={paths.auth}>{text.backToSignIn}</AppLink>
        </Button>
      </AuthLayout>
    );
  }
  const prompt = linkSessionPrompt(link);
  if (prompt) return prompt;
  if ((state.name === 'checking' && !isSignup) || check.type === 'recovery') {
    return (
      <AuthLayout icon={<MailCheck />} title={text.seo.title}>
        <AuthSpinner label={text.verifying} />
      </AuthLayout>
    );
  }
  if (check.type === 'email_change') {
    return (
      <AuthLayout icon={<CircleCheck />} title={text.emailChangedTitle}>
        <Notice variant="success" look="banner">
          {text.emailChangedText}
        </Notice>
        <Button asChild className="mt-6 w-full">
          <AppLink to={paths.account}>{text.toAccount}</AppLink>
        </Button>
      </AuthLayout>
    );
  }
  if (isSignup && confirmation.name === 'choose') {
    const session = confirmation.session;
    return (
      <AuthLayout icon={<MailCheck />} title={text.finishTitle} lead={text.finishLead(session.email)}>
        <NewPasswordForm
          submitLabel={text.finishSubmit}
          fallbackError={text.checkFailed}
          save={async (password) => {
            await setPasswordWithLink(session.accessToken, password);
            if ((await claimAccount(session.accessToken, null)) !== 'owned')
              throw new Error(text.checkFailed);
          }}
          onUpdated={() => {
            forgetSignupProof(session.email);
            setConfirmation({ name: 'owned' });
            setObtain(() => () => Promise.resolve({ ok: true, session } as const));
          }}
        />
        <div className="mt-6 border-t pt-4 text-center">
          <p className="text-muted-foreground">{text.notYou}</p>
          <Button
            variant="secondary"
            className="mt-3 w-full"
            onClick={() => {
              void discardLinkSession(session);
              void navigate(paths.home, { replace: true });
            }}
          >
            {text.leave}
          </Button>
        </div>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout icon={<MailCheck />} title={text.seo.title}>
      <AuthSpinner label={text.verifying} />
    </AuthLayout>
  );
}
