import { habitsAddictionsPage } from '@/content/conditions/habits-addictions';
import { ConditionTemplate } from './condition-template';

export function Component() {
  return <ConditionTemplate page={habitsAddictionsPage} />;
}
