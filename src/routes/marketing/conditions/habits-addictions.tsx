import { habitsAddictionsPage } from '@/content/conditions/habits-addictions';
import { ConditionTemplate } from './parts/condition-template';

export function Component() {
  return <ConditionTemplate page={habitsAddictionsPage} />;
}
