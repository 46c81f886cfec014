import { anxietyStressPage } from '@/content/conditions/anxiety-stress';
import { ConditionTemplate } from './parts/condition-template';

export function Component() {
  return <ConditionTemplate page={anxietyStressPage} />;
}
