import { Seo } from '@/components/seo/seo';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';

export function Component() {
  return (
    <>
      <Seo
        title="Sign In or Sign Up"
        description="Sign in to your account or create one to keep and replay your self-hypnosis audio."
        path={paths.auth}
        noindex
      />
      <PageHeader title="Welcome" />
    </>
  );
}
