import { professionalPerformancePage } from '@/content/conditions/professional-performance';
import { ConditionTemplate } from './condition-template';

export function Component() {
  return <ConditionTemplate page={professionalPerformancePage} />;
}
