import { Seo } from '@/components/seo/seo';
import { paths } from '@/config/paths';
import { resetPasswordText } from '@/content/auth';
import { ResetRequest } from '@/features/auth/reset-request';

export function Component() {
  return (
    <>
      <Seo
        title={resetPasswordText.seo.title}
        description={resetPasswordText.seo.description}
        path={paths.resetPassword}
        noindex
      />
      <ResetRequest />
    </>
  );
}
