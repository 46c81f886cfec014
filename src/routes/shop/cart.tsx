import { Seo } from '@/components/seo/seo';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';

export function Component() {
  return (
    <>
      <Seo
        title="Cart"
        description="Review the self-hypnosis audios in your cart."
        path={paths.cart}
        noindex
      />
      <PageHeader title="Your Cart" />
    </>
  );
}
