import { Seo } from '@/components/seo/seo';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';

export function Component() {
  return (
    <>
      <Seo
        title="Privacy Policy"
        description="How the practice collects, uses, protects and deletes your personal and health data under UK GDPR."
        path={paths.privacyPolicy}
      />
      <PageHeader title="Privacy Policy" />
    </>
  );
}
