import { Seo } from '@/components/seo/seo';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';

export function Component() {
  return (
    <>
      <Seo
        title="Self-Hypnosis Inception Guide"
        description="Learn self-hypnosis with the Inception Guide: techniques for visual, auditory and kinesthetic learners."
        path={paths.selfHypnosisGuide}
      />
      <PageHeader title="The Self-Hypnosis Inception Guide" />
    </>
  );
}
