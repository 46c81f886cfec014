import { CircleCheck, KeyRound, ShieldAlert } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { AppLink } from '@/components/ui/app-link';
import { Notice } from '@/components/ui/notice';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { authMessages, updatePasswordText as text } from '@/content/auth';
import { getSupabase } from '@/lib/supabase';
import { safeRedirectPath } from './validation';
import { useAuth } from './auth-context';
import { NewPasswordForm } from './auth-forms';
import { AuthLayout } from './auth-layout';
import { AuthSpinner } from './form-controls';
import { currentAccount, type LinkResult } from './link-session';
import {
  checkResetLink,
  obtainResetLinkSession,
  readResetLinkParams,
  resetLinkFailureMessage,
  type ResetLinkCheck,
} from './reset-link';
import { linkSessionPrompt } from './switch-account-question';
import { useLinkSession } from './use-link-session';

const SIGN_IN_AFTER_UPDATE_MS = 3000;

/** History state /auth/confirm leaves after it verified a recovery link (and adopted its session). */
export interface VerifiedRecoveryState {
  recoveryVerified: true;
}

function isVerifiedRecovery(state: unknown): state is VerifiedRecoveryState {
  return (
    typeof state === 'object' && state !== null && (state as VerifiedRecoveryState).recoveryVerified === true
  );
}

type View = { name: 'form' } | { name: 'invalid'; message: string } | { name: 'done' };

/**
 * What the link asks for, read once during the first render: a recovery that /auth/confirm has verified, the
 * checks of a link's parameters (docs/product-rules.md §4), or nothing to verify.
 */
function initialCheck(routerState: unknown): { verified: boolean; check: ResetLinkCheck; after: string } {
  const verified = isVerifiedRecovery(routerState);
  return {
    verified,
    check: checkResetLink(readResetLinkParams(window.location.search, window.location.hash)),
    // Where the visitor was going before they asked for the link (docs/auth-links.md): sign in, then there.
    after: safeRedirectPath(new URLSearchParams(window.location.search).get('next')),
  };
}

/** /update-password: verifying → invalid link, the account question, or form → saving → done (docs/product-rules.md §2, §4). */
export function UpdatePasswordView() {
  const navigate = useNavigate();
  const { signOut } = useAuth();
  const { state: routerState } = useLocation();
  const [{ verified, check, after }] = useState(() => initialCheck(routerState));
  // Sign in again, then on to where the visitor was going.
  const signInPath =
    after === '/' ? paths.auth : `${paths.auth}?${new URLSearchParams({ redirectTo: after }).toString()}`;
  const [obtain] = useState<(() => Promise<LinkResult>) | null>(() =>
    !verified && check.kind !== 'invalid' ? () => obtainResetLinkSession(check) : null,
  );
  const link = useLinkSession(obtain);
  const linkState = link.state;
  // Arrived from /auth/confirm: the form, as long as the session it adopted is still here (checked below).
  const [verifiedView, setVerifiedView] = useState<View | null>(null);
  const [done, setDone] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    if (!verified) return;
    let active = true;
    void getSupabase()
      .then(currentAccount)
      .then(
        (account) => {
          if (active)
            setVerifiedView(
              account ? { name: 'form' } : { name: 'invalid', message: authMessages.linkTokenRejected },
            );
        },
        () => {
          if (active) setVerifiedView({ name: 'invalid', message: authMessages.linkTokenCheckFailed });
        },
      );
    return () => {
      active = false;
    };
  }, [verified]);

  // The token has done its job (or was declined): keep it out of the address bar and the history.
  useEffect(() => {
    if (linkState.name === 'ready' || linkState.name === 'stayed')
      void navigate(paths.updatePassword, { replace: true });
  }, [linkState, navigate]);

  let view: View | null = null;
  if (done) view = { name: 'done' };
  else if (verified) view = verifiedView;
  else if (check.kind === 'invalid') view = { name: 'invalid', message: check.message };
  else if (linkState.name === 'ready') view = { name: 'form' };
  else if (linkState.name === 'invalid')
    view = { name: 'invalid', message: resetLinkFailureMessage(linkState.reason) };

  useEffect(() => () => clearTimeout(timer.current), []);

  async function onUpdated() {
    // A new password from an emailed link's session makes the account its owner's and brings what the practice
    // kept for the address (docs/security.md); an account that is already theirs answers the same.
    await (await getSupabase()).rpc('claim_my_account', { p_signup_proof: null }).then(
      () => undefined,
      () => undefined,
    );
    // Sign out so the new password is what signs in next (the sign-in screen sends signed-in visitors home).
    await signOut();
    setDone(true);
    timer.current = setTimeout(() => void navigate(signInPath), SIGN_IN_AFTER_UPDATE_MS);
  }

  if (view === null || view.name === 'form') {
    const prompt = linkSessionPrompt(link);
    if (prompt) return prompt;
  }

  if (view === null) {
    return (
      <AuthLayout icon={<KeyRound />} title={text.title}>
        <AuthSpinner label={text.verifying} />
      </AuthLayout>
    );
  }

  if (view.name === 'invalid') {
    return (
      <AuthLayout icon={<ShieldAlert />} title={text.invalidTitle}>
        <Notice variant="error" look="banner">
          {view.message}
        </Notice>
        <div className="mt-6 flex flex-col gap-3">
          <Button asChild>
            <AppLink to={paths.resetPassword}>{text.requestNewLink}</AppLink>
          </Button>
          <Button asChild variant="secondary">
            <AppLink to={paths.auth}>{text.backToSignIn}</AppLink>
          </Button>
        </div>
      </AuthLayout>
    );
  }

  if (view.name === 'done') {
    return (
      <AuthLayout icon={<CircleCheck />} title={text.doneTitle}>
        <Notice variant="success" look="banner">
          {authMessages.passwordUpdated}
        </Notice>
        <p className="mt-4 text-center text-muted-foreground">{text.doneText}</p>
        <Button asChild className="mt-6 w-full">
          <AppLink to={signInPath}>{text.signInNow}</AppLink>
        </Button>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout icon={<KeyRound />} title={text.title} lead={text.lead}>
      <AccountNamed />
      <NewPasswordForm
        submitLabel={text.submit}
        fallbackError={authMessages.updatePasswordFallback}
        onUpdated={onUpdated}
      />
      <div className="mt-6 border-t pt-4 text-center">
        <p className="text-muted-foreground">{text.notYou}</p>
        <Button
          variant="secondary"
          className="mt-3 w-full"
          onClick={() => {
            void signOut().then(() => navigate(paths.home, { replace: true }));
          }}
        >
          {text.leave}
        </Button>
      </div>
    </AuthLayout>
  );
}

/** Whose password this is, before anything is typed: a link never signs anyone in unannounced (docs/auth-links.md). */
function AccountNamed() {
  const [email, setEmail] = useState<string | null>(null);
  useEffect(() => {
    let active = true;
    void getSupabase()
      .then(currentAccount)
      .then((account) => {
        if (active) setEmail(account?.email ?? null);
      })
      .catch(() => undefined);
    return () => {
      active = false;
    };
  }, []);
  if (!email) return null;
  return (
    <p className="mb-4 rounded-lg bg-muted p-3 text-center" aria-live="polite">
      {text.forAccount} <strong className="break-all">{email}</strong>
    </p>
  );
}
