import { Seo } from '@/components/seo/seo';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';

export function Component() {
  return (
    <>
      <Seo
        title="Admin Sign In"
        description="Sign in to access the admin dashboard."
        path={paths.adminLogin}
        noindex
      />
      <PageHeader title="Admin Access" />
    </>
  );
}
