import { Seo } from '@/components/seo/seo';
import { paths } from '@/config/paths';
import { authPageText } from '@/content/auth';
import { AuthScreen } from '@/features/auth/auth-screen';

export function Component() {
  return (
    <>
      <Seo title={authPageText.seo.title} description={authPageText.seo.description} path={paths.auth} noindex />
      <AuthScreen />
    </>
  );
}
