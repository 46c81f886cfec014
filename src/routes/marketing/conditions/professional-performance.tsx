import { professionalPerformancePage } from '@/content/conditions/professional-performance';
import { ConditionTemplate } from './parts/condition-template';

export function Component() {
  return <ConditionTemplate page={professionalPerformancePage} />;
}
