import { Seo } from '@/components/seo/seo';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';

export function Component() {
  return (
    <>
      <Seo
        title="Terms and Conditions"
        description="The terms for online hypnotherapy appointments, cancellations, refunds and self-hypnosis audio purchases."
        path={paths.termsAndConditions}
      />
      <PageHeader title="Terms and Conditions" />
    </>
  );
}
