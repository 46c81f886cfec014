import { Seo } from '@/components/seo/seo';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';

export function Component() {
  return (
    <>
      <Seo
        title="Self-Hypnosis Audio Library"
        description="Self-hypnosis audio packages: three related audios plus the free Inception Guide."
        path={paths.audioLibrary}
      />
      <PageHeader title="Self-Hypnosis Audio Library" />
    </>
  );
}
