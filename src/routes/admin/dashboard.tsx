import { Seo } from '@/components/seo/seo';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';

export function Component() {
  return (
    <>
      <Seo
        title="Admin Dashboard"
        description="Sales, customers and catalogue management."
        path={paths.adminDashboard}
        noindex
      />
      <PageHeader title="Admin Dashboard" />
    </>
  );
}
