import { Seo } from '@/components/seo/seo';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';

export function Component() {
  return (
    <>
      <Seo
        title="About"
        description="Meet your registered UK hypnotherapist: qualifications, approach and how online hypnotherapy works."
        path={paths.about}
      />
      <PageHeader title="About Your Hypnotherapist" />
    </>
  );
}
