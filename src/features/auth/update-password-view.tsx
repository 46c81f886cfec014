import { CircleCheck, KeyRound, ShieldAlert } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { authMessages, updatePasswordText as text } from '@/content/auth';
import { getSupabase } from '@/lib/supabase';
import { useAuth } from './auth-context';
import { NewPasswordForm } from './auth-forms';
import { AuthLayout } from './auth-layout';
import { AuthSpinner, FormMessage } from './form-controls';
import { checkResetLink, readResetLinkParams, resolveResetLink, type ResetLinkResult } from './reset-link';
import { AppLink } from '@/components/ui/app-link';

const SIGN_IN_AFTER_UPDATE_MS = 3000;

type View = { name: 'verifying' } | { name: 'invalid'; message: string } | { name: 'form' } | { name: 'done' };

async function validateLink(search: string, hash: string): Promise<ResetLinkResult> {
  const check = checkResetLink(readResetLinkParams(search, hash));
  if (check.kind === 'invalid') return { ok: false, message: check.message };
  try {
    return await resolveResetLink(check, await getSupabase());
  } catch {
    return { ok: false, message: authMessages.linkTokenCheckFailed };
  }
}

/** /update-password: verifying → invalid link or form → saving → done (spec §2, §4). */
export function UpdatePasswordView() {
  const navigate = useNavigate();
  const { signOut } = useAuth();
  const [view, setView] = useState<View>({ name: 'verifying' });
  // The link is read during the first render, before supabase-js consumes and clears the hash; the check
  // runs once even when StrictMode runs effects twice (a one-time token must be spent once).
  const [location] = useState(() => ({ search: window.location.search, hash: window.location.hash }));
  const validation = useRef<Promise<ResetLinkResult> | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    let active = true;
    validation.current ??= validateLink(location.search, location.hash);
    void validation.current.then((result) => {
      if (!active) return;
      setView(result.ok ? { name: 'form' } : { name: 'invalid', message: result.message });
      // The token has done its job: keep it out of the address bar and the history.
      if (result.ok && location.search) void navigate(paths.updatePassword, { replace: true });
    });
    return () => {
      active = false;
    };
  }, [location, navigate]);

  useEffect(() => () => clearTimeout(timer.current), []);

  async function onUpdated() {
    // Sign out so the new password is what signs in next (the sign-in screen sends signed-in visitors home).
    await signOut();
    setView({ name: 'done' });
    timer.current = setTimeout(() => void navigate(paths.auth), SIGN_IN_AFTER_UPDATE_MS);
  }

  if (view.name === 'verifying') {
    return (
      <AuthLayout icon={<KeyRound />} title={text.title}>
        <AuthSpinner label={text.verifying} />
      </AuthLayout>
    );
  }

  if (view.name === 'invalid') {
    return (
      <AuthLayout icon={<ShieldAlert />} title={text.invalidTitle}>
        <FormMessage variant="error">{view.message}</FormMessage>
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
        <FormMessage variant="success">{authMessages.passwordUpdated}</FormMessage>
        <p className="mt-4 text-center text-muted-foreground">{text.doneText}</p>
        <Button asChild className="mt-6 w-full">
          <AppLink to={paths.auth}>{text.signInNow}</AppLink>
        </Button>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout icon={<KeyRound />} title={text.title} lead={text.lead}>
      <NewPasswordForm
        submitLabel={text.submit}
        fallbackError={authMessages.updatePasswordFallback}
        onUpdated={onUpdated}
      />
    </AuthLayout>
  );
}
