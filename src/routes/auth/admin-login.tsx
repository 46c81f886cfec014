import { Seo } from '@/components/seo/seo';
import { paths } from '@/config/paths';
import { adminLoginText } from '@/content/auth';
import { AdminLogin } from '@/features/auth/admin-login';

export function Component() {
  return (
    <>
      <Seo
        title={adminLoginText.seo.title}
        description={adminLoginText.seo.description}
        path={paths.adminLogin}
        noindex
      />
      <AdminLogin />
    </>
  );
}
