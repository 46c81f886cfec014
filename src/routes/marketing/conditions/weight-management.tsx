import { weightManagementPage } from '@/content/conditions/weight-management';
import { ConditionTemplate } from './parts/condition-template';

export function Component() {
  return <ConditionTemplate page={weightManagementPage} />;
}
