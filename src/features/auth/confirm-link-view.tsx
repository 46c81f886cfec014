import { CircleCheck, MailCheck, ShieldAlert } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useNavigate } from '@/lib/router';
import { AppLink } from '@/components/ui/app-link';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { confirmLinkText as text } from '@/content/auth';
import { authNotices } from '@/content/auth-notices';
import { getSupabase } from '@/lib/supabase';
import { toast } from '@/lib/toast';
import { NewPasswordForm } from './auth-forms';
import { AuthLayout } from './auth-layout';
import { AuthSpinner, FormMessage } from './form-controls';
import { checkConfirmLink, confirmFailureMessage, type ConfirmLinkCheck } from './confirm-link';
import { verifyTokenHash, type LinkResult } from './link-session';
import { StayedSignedIn, SwitchAccountQuestion } from './switch-account-question';
import type { VerifiedRecoveryState } from './update-password-view';
import { useLinkSession } from './use-link-session';

/**
 * /auth/confirm: every emailed link (sign-up confirmation, recovery, email change) lands here with a token hash
 * (docs/auth-links.md). The hash is verified without touching the signed-in session; a different account
 * signed in is asked first. A confirmed sign-up then chooses its password, which replaces whatever an earlier
 * registrant of the address set and signs out every other device, so confirming never hands the account to
 * whoever signed up first. A recovery goes on to /update-password.
 */
export function ConfirmLinkView() {
  const navigate = useNavigate();
  const [check] = useState<ConfirmLinkCheck>(() =>
    checkConfirmLink(window.location.search, window.location.hash),
  );
  const [obtain] = useState<(() => Promise<LinkResult>) | null>(() =>
    check.kind === 'verify' ? () => verifyTokenHash(check.tokenHash, check.type) : null,
  );
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
    } else {
      // The token has done its job: keep it out of the address bar and the history.
      void navigate(paths.authConfirm, { replace: true });
    }
  }, [state, check, navigate]);

  if (check.kind === 'invalid' || state.name === 'invalid') {
    const message =
      check.kind === 'invalid'
        ? check.message
        : confirmFailureMessage(state.name === 'invalid' ? state.reason : '');
    return (
      <AuthLayout icon={<ShieldAlert />} title={text.invalidTitle}>
        <FormMessage variant="error">{message}</FormMessage>
        <Button asChild variant="secondary" className="mt-6 w-full">
          <AppLink to={paths.auth}>{text.backToSignIn}</AppLink>
        </Button>
      </AuthLayout>
    );
  }
  if (state.name === 'ask') {
    return (
      <SwitchAccountQuestion
        currentEmail={state.currentEmail}
        incomingEmail={state.incoming.email}
        onSwitch={link.switchAccount}
        onStay={link.stay}
      />
    );
  }
  if (state.name === 'stayed') return <StayedSignedIn />;
  if (state.name === 'checking' || check.type === 'recovery') {
    return (
      <AuthLayout icon={<MailCheck />} title={text.seo.title}>
        <AuthSpinner label={text.verifying} />
      </AuthLayout>
    );
  }
  if (check.type === 'email_change') {
    return (
      <AuthLayout icon={<CircleCheck />} title={text.emailChangedTitle}>
        <FormMessage variant="success">{text.emailChangedText}</FormMessage>
        <Button asChild className="mt-6 w-full">
          <AppLink to={paths.account}>{text.toAccount}</AppLink>
        </Button>
      </AuthLayout>
    );
  }
  const next = check.next;
  return (
    <AuthLayout icon={<MailCheck />} title={text.finishTitle} lead={text.finishLead}>
      <NewPasswordForm
        submitLabel={text.finishSubmit}
        fallbackError={text.checkFailed}
        acceptSamePassword
        onUpdated={async () => {
          const client = await getSupabase();
          // A new password already ends other sessions on the auth server; this also covers an unchanged one.
          await client.auth.signOut({ scope: 'others' });
          toast.success(authNotices.emailConfirmed, {
            description: authNotices.emailConfirmedDetail,
            duration: 10_000,
          });
          void navigate(next, { replace: true });
        }}
      />
    </AuthLayout>
  );
}
