import { painManagementPage } from '@/content/conditions/pain-management';
import { ConditionTemplate } from './parts/condition-template';

export function Component() {
  return <ConditionTemplate page={painManagementPage} />;
}
