import * as Tabs from '@radix-ui/react-tabs';
import { KeyRound, UserRound } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { paths } from '@/config/paths';
import { authMessages, authPageText, updatePasswordText } from '@/content/auth';
import { useAuth } from './auth-context';
import { ForgotPasswordForm, SignInForm, SignUpForm } from './auth-forms';
import { AuthLayout } from './auth-layout';
import { isRecoveryLink, readResetLinkParams, type ResetLinkParams } from './reset-link';
import { safeRedirectPath } from './validation';
import { AppLink } from '@/components/ui/app-link';
import { Notice } from '@/components/ui/notice';
import { Button } from '@/components/ui/button';

type Tab = 'login' | 'signup' | 'forgot';
const tabs: readonly Tab[] = ['login', 'signup', 'forgot'];

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

  if (recovery) return <RecoveryView />;

  return (
    <AuthLayout
      backLabel={authPageText.backToHome}
      icon={<UserRound />}
      title={authPageText.title}
      lead={authPageText.lead}
    >
      {target === paths.checkout ? (
        <p
          className="mb-6 rounded-lg border-2 border-primary bg-primary-soft p-4 text-sm"
          data-testid="checkout-note"
        >
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

/**
 * /auth?type=recovery&access_token=…: a session in a URL is never adopted (anyone can put their own session in a
 * link: docs/security.md "Links"). The recovery screen says so and offers a new link.
 */
function RecoveryView() {
  return (
    <AuthLayout icon={<KeyRound />} title={authPageText.recovery.title} lead={authPageText.recovery.lead}>
      <Notice variant="error" look="banner">
        {authMessages.linkSessionRefused}
      </Notice>
      <Button asChild className="mt-6 w-full">
        <AppLink to={paths.resetPassword}>{updatePasswordText.requestNewLink}</AppLink>
      </Button>
    </AuthLayout>
  );
}
