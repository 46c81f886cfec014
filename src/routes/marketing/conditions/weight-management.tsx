import { weightManagementPage } from '@/content/conditions/weight-management';
import { ConditionTemplate } from './condition-template';

export function Component() {
  return <ConditionTemplate page={weightManagementPage} />;
}
