import { ShieldCheck } from 'lucide-react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '@/config/paths';
import { adminLoginText as text, authMessages, fieldText } from '@/content/auth';
import { getSupabase } from '@/lib/supabase';
import { useSubmit } from '@/lib/use-submit';
import { checkAdminRole } from './auth-api';
import { useAuth } from './auth-context';
import { AuthLayout } from './auth-layout';
import { signInWithPassword, type Credentials } from './auth-writes';
import { FormField, PasswordField, SubmitButton, SubmitError } from './form-controls';
import { AppLink } from '@/components/ui/app-link';

/** /admin/login: sign in, then the admin check; only admins go on to the dashboard (docs/product-rules.md §4, §8). */
export function AdminLogin() {
  const id = useId();
  const navigate = useNavigate();
  const { user, loading: authLoading, signOut } = useAuth();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const signIn = useSubmit({
    mutationFn: async (credentials: Credentials) => {
      const user = await signInWithPassword(credentials);
      const check = await checkAdminRole(await getSupabase(), user.id);
      if (check === 'admin') return;
      // Not (provably) an admin: no session is left behind by the admin screen.
      await signOut();
      throw new Error(check === 'failed' ? authMessages.adminCheckFailed : authMessages.accessDenied);
    },
    onSuccess: () => void navigate(paths.adminDashboard, { replace: true }),
  });

  // An admin who is already signed in goes straight on.
  useEffect(() => {
    if (!authLoading && user?.isAdmin) void navigate(paths.adminDashboard, { replace: true });
  }, [authLoading, user, navigate]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    signIn.mutate({ email, password });
  }

  return (
    <AuthLayout icon={<ShieldCheck />} title={text.title} lead={text.lead}>
      <form onSubmit={submit} className="space-y-4">
        <SubmitError error={signIn.error} fallback={authMessages.loginFallback} />
        <FormField
          id={`${id}-email`}
          label={fieldText.email}
          type="email"
          autoComplete="username"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <PasswordField
          id={`${id}-password`}
          label={fieldText.password}
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <SubmitButton loading={signIn.isPending}>{text.submit}</SubmitButton>
      </form>
      <p className="mt-6 text-center text-sm text-muted-foreground">
        {text.regularSignInPrompt}{' '}
        <AppLink
          to={paths.auth}
          className="font-semibold text-primary underline underline-offset-4 hover:no-underline"
        >
          {text.regularSignIn}
        </AppLink>
      </p>
    </AuthLayout>
  );
}
