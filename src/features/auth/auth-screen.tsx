import * as Tabs from '@radix-ui/react-tabs';
import { KeyRound, UserRound } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from '@/lib/router';
import { paths } from '@/config/paths';
import { authMessages, authPageText } from '@/content/auth';
import { useAuth } from './auth-context';
import { ForgotPasswordForm, NewPasswordForm, SignInForm, SignUpForm } from './auth-forms';
import { AuthLayout } from './auth-layout';
import { FormMessage } from './form-controls';
import { sessionForTokens } from './link-session';
import {
  isRecoveryLink,
  readResetLinkParams,
  resetLinkFailureMessage,
  type ResetLinkParams,
} from './reset-link';
import { StayedSignedIn, SwitchAccountQuestion } from './switch-account-question';
import { useLinkSession } from './use-link-session';
import { safeRedirectPath } from './validation';
import { AppLink } from '@/components/ui/app-link';

type Tab = 'login' | 'signup' | 'forgot';
const tabs: readonly Tab[] = ['login', 'signup', 'forgot'];
const HOME_AFTER_UPDATE_MS = 2000;

const tabClass =
  'min-h-11 flex-1 rounded-lg px-1.5 text-sm font-semibold text-foreground transition-colors hover:text-primary data-[state=active]:bg-background data-[state=active]:text-primary data-[state=active]:shadow-sm sm:px-3 sm:text-base';

/** Reads the link once, on the first render. */
function useInitialLinkParams(): ResetLinkParams {
  const [params] = useState(() => readResetLinkParams(window.location.search, window.location.hash));
  return params;
}

/** /auth: Sign In, Sign Up and Reset tabs, or 'Reset Your Password' when opened from a recovery link. */
export function AuthScreen() {
  const [searchParams, setSearchParams] = useSearchParams();
  const navigate = useNavigate();
  const { user, loading } = useAuth();
  const linkParams = useInitialLinkParams();
  const [recovery] = useState(() => isRecoveryLink(linkParams));
  const requested = searchParams.get('tab');
  const tab: Tab = tabs.includes(requested as Tab) ? (requested as Tab) : 'login';
  const target = safeRedirectPath(searchParams.get('redirectTo'));

  // A signed-in visitor has nothing to do here (unless setting a new password from a recovery link).
  useEffect(() => {
    if (!recovery && !loading && user) void navigate(target, { replace: true });
  }, [recovery, loading, user, navigate, target]);

  const selectTab = (next: string) => {
    setSearchParams(
      (current) => {
        const params = new URLSearchParams(current);
        if (next === 'login') params.delete('tab');
        else params.set('tab', next);
        return params;
      },
      { replace: true },
    );
  };

  if (recovery) return <RecoveryView params={linkParams} />;

  return (
    <AuthLayout
      backLabel={authPageText.backToHome}
      icon={<UserRound />}
      title={authPageText.title}
      lead={authPageText.lead}
    >
      {target === paths.checkout ? (
        <p className="mb-6 rounded-lg border-2 border-primary bg-primary-soft p-4 text-sm" data-testid="checkout-note">
          {authPageText.checkoutNote}
        </p>
      ) : null}
      <Tabs.Root value={tab} onValueChange={selectTab}>
        <Tabs.List aria-label={authPageText.tabsLabel} className="mb-6 flex gap-1 rounded-xl bg-muted p-1">
          {tabs.map((value) => (
            <Tabs.Trigger key={value} value={value} className={tabClass}>
              {authPageText.tabs[value]}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="login" className="space-y-4">
          <SignInForm onSignedIn={() => void navigate(target, { replace: true })} />
          <p className="text-center">
            <AppLink
              to={
                target === '/'
                  ? paths.resetPassword
                  : `${paths.resetPassword}?${new URLSearchParams({ redirectTo: target }).toString()}`
              }
              className="inline-flex min-h-11 items-center font-semibold text-primary underline underline-offset-4 hover:no-underline"
            >
              {authPageText.signIn.forgotLink}
            </AppLink>
          </p>
        </Tabs.Content>
        <Tabs.Content value="signup">
          <SignUpForm redirectPath={target} />
        </Tabs.Content>
        <Tabs.Content value="forgot">
          <ForgotPasswordForm onBack={() => selectTab('login')} redirectPath={target} />
        </Tabs.Content>
      </Tabs.Root>
    </AuthLayout>
  );
}

function RecoveryView({ params }: { params: ResetLinkParams }) {
  const navigate = useNavigate();
  const [updated, setUpdated] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // The link's tokens are checked for whose they are and adopted only with the visitor's consent when another
  // account is signed in here (docs/auth-links.md).
  const [obtain] = useState(() =>
    params.access_token && params.refresh_token
      ? () => sessionForTokens(params.access_token ?? '', params.refresh_token ?? '')
      : null,
  );
  const link = useLinkSession(obtain);
  useEffect(() => () => clearTimeout(timer.current), []);

  if (link.state.name === 'ask') {
    return (
      <SwitchAccountQuestion
        currentEmail={link.state.currentEmail}
        incomingEmail={link.state.incoming.email}
        onSwitch={link.switchAccount}
        onStay={link.stay}
      />
    );
  }
  if (link.state.name === 'stayed') return <StayedSignedIn />;

  return (
    <AuthLayout icon={<KeyRound />} title={authPageText.recovery.title} lead={authPageText.recovery.lead}>
      {updated ? (
        <FormMessage variant="success">{authMessages.passwordUpdated}</FormMessage>
      ) : link.state.name === 'invalid' ? (
        <FormMessage variant="error">{resetLinkFailureMessage(link.state.reason)}</FormMessage>
      ) : (
        <NewPasswordForm
          submitLabel={authPageText.recovery.submit}
          fallbackError={authMessages.genericFallback}
          onUpdated={() => {
            setUpdated(true);
            timer.current = setTimeout(() => void navigate(paths.home), HOME_AFTER_UPDATE_MS);
          }}
        />
      )}
    </AuthLayout>
  );
}
