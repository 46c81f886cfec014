import { Seo } from '@/components/seo/seo';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';

export function Component() {
  return (
    <>
      <Seo
        title="Individual Audios"
        description="Individual self-hypnosis audios across 22 categories at £2.99 each."
        path={paths.individualAudios}
      />
      <PageHeader title="Individual Self-Hypnosis Audios" />
    </>
  );
}
