import { Seo } from '@/components/seo/seo';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';

export function Component() {
  return (
    <>
      <Seo
        title="My Account"
        description="Your purchases, audio and account settings."
        path={paths.account}
        noindex
      />
      <PageHeader title="My Account" />
    </>
  );
}
