import { Seo } from '@/components/seo/seo';
import { paths } from '@/config/paths';
import { updatePasswordText } from '@/content/auth';
import { UpdatePasswordView } from '@/features/auth/update-password-view';

export function Component() {
  return (
    <>
      <Seo
        title={updatePasswordText.seo.title}
        description={updatePasswordText.seo.description}
        path={paths.updatePassword}
        noindex
      />
      <UpdatePasswordView />
    </>
  );
}
