import { Seo } from '@/components/seo/seo';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';

export function Component() {
  return (
    <>
      <Seo
        title="Set New Password"
        description="Choose a new password for your account."
        path={paths.updatePassword}
        noindex
      />
      <PageHeader title="Set New Password" />
    </>
  );
}
