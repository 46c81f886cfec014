import { Seo } from '@/components/seo/seo';
import { paths } from '@/config/paths';
import { confirmLinkText } from '@/content/auth';
import { ConfirmLinkView } from '@/features/auth/confirm-link-view';

export function Component() {
  return (
    <>
      <Seo
        title={confirmLinkText.seo.title}
        description={confirmLinkText.seo.description}
        path={paths.authConfirm}
        noindex
      />
      <ConfirmLinkView />
    </>
  );
}
