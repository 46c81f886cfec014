import { Seo } from '@/components/seo/seo';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';

export function Component() {
  return (
    <>
      <Seo
        title="Contact"
        description="Contact the practice by email or phone about online hypnotherapy appointments and self-hypnosis audio."
        path={paths.contact}
      />
      <PageHeader title="Contact Us" />
    </>
  );
}
