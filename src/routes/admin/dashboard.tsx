import { Seo } from '@/components/seo/seo';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { guardText } from '@/content/auth';
import { RequireAdmin } from '@/features/auth/auth-guards';

// The guarded shell of the admin dashboard; its content comes with the dashboard issue.
export function Component() {
  return (
    <>
      <Seo
        title={guardText.dashboardSeo.title}
        description={guardText.dashboardSeo.description}
        path={paths.adminDashboard}
        noindex
      />
      <RequireAdmin>
        {(user) => (
          <PageHeader
            title={guardText.dashboardTitle}
            lead={
              <>
                {guardText.signedInAs} <strong className="break-words text-foreground">{user.email}</strong>
              </>
            }
          />
        )}
      </RequireAdmin>
    </>
  );
}
