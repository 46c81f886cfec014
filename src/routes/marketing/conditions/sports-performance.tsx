import { sportsPerformancePage } from '@/content/conditions/sports-performance';
import { ConditionTemplate } from './parts/condition-template';

export function Component() {
  return <ConditionTemplate page={sportsPerformancePage} />;
}
