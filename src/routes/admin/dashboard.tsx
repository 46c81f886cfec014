import { Navigate } from 'react-router-dom';
import { Seo } from '@/components/seo/seo';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { guardText } from '@/content/auth';
import { AdminDashboard } from '@/features/admin/admin-dashboard';
import { useAuth } from '@/features/auth/auth-context';
import { RequireAdmin } from '@/features/auth/auth-guards';
import { IntakeQuestionsEditor } from '@/features/intake/intake-questions-editor';
import { IntakeRecord } from '@/features/intake/intake-record';
import { ClientRecord } from '@/features/programmes/client-record';
import { ProgrammesSection } from '@/features/programmes/programmes-section';

// /admin/dashboard: signed out → /admin/login; a customer is denied; an admin gets the dashboard.
export function Component() {
  const { user, loading } = useAuth();
  return (
    <>
      <Seo
        title={guardText.dashboardSeo.title}
        description={guardText.dashboardSeo.description}
        path={paths.adminDashboard}
        noindex
      />
      {!loading && !user ? (
        <Navigate to={paths.adminLogin} replace />
      ) : (
        <RequireAdmin>
          {(admin) => (
            <>
              <PageHeader
                title={guardText.dashboardTitle}
                lead={
                  <>
                    {guardText.signedInAs}{' '}
                    <strong className="break-words text-foreground">{admin.email}</strong>
                  </>
                }
              />
              <AdminDashboard
                email={admin.email}
                programmes={
                  <div className="space-y-12">
                    <ProgrammesSection />
                    <IntakeQuestionsEditor />
                  </div>
                }
                renderClientRecord={(client) => (
                  <ClientRecord {...client} intake={<IntakeRecord userId={client.userId} />} />
                )}
              />
            </>
          )}
        </RequireAdmin>
      )}
    </>
  );
}
