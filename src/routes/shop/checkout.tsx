import { Seo } from '@/components/seo/seo';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';

export function Component() {
  return (
    <>
      <Seo
        title="Checkout"
        description="Pay securely for your self-hypnosis audios."
        path={paths.checkout}
        noindex
      />
      <PageHeader title="Checkout" />
    </>
  );
}
