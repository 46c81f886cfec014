import { Seo } from '@/components/seo/seo';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';

export function Component() {
  return (
    <>
      <Seo
        title="Reset Password"
        description="Request a link to reset your password."
        path={paths.resetPassword}
        noindex
      />
      <PageHeader title="Reset Password" />
    </>
  );
}
