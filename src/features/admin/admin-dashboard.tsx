import type { ReactNode } from 'react';
import { Tabs } from '@/components/ui/tabs';
import { Container } from '@/components/ui/container';
import { QueryProvider } from '@/lib/query-provider';
import { adminSections, adminText, type AdminSectionId } from '@/content/admin';
import { ActivitySection } from './activity-section';
import { AdminsSection } from './admins-section';
import { AppointmentsSection, type RenderClientRecord } from './appointments-section';
import { CatalogueSection } from './catalogue-section';
import { CustomersSection } from './customers-section';
import { OrdersSection } from './orders-section';
import { OverviewSection } from './overview-section';
import { ReauthDialog } from './reauth-dialog';

/**
 * The dashboard's sections as tabs: each one click (or arrow key) away. The programmes tab and the client
 * record come from the programmes feature, composed by the route (features never import each other).
 */
export function AdminDashboard({
  email,
  programmes,
  renderClientRecord,
}: {
  email: string;
  programmes: ReactNode;
  renderClientRecord: RenderClientRecord;
}) {
  const content: Record<AdminSectionId, ReactNode> = {
    overview: <OverviewSection />,
    orders: <OrdersSection />,
    customers: <CustomersSection renderClientRecord={renderClientRecord} />,
    appointments: <AppointmentsSection renderClientRecord={renderClientRecord} />,
    programmes,
    catalogue: <CatalogueSection />,
    admins: <AdminsSection currentEmail={email} />,
    activity: <ActivitySection />,
  };
  return (
    <QueryProvider>
      <Container className="pb-16">
        <Tabs
          label={adminText.sectionsLabel}
          items={adminSections.map((section) => ({
            id: section.id,
            label: section.label,
            content: content[section.id],
          }))}
        />
      </Container>
      <ReauthDialog />
    </QueryProvider>
  );
}
