import { anxietyStressPage } from '@/content/conditions/anxiety-stress';
import { ConditionTemplate } from './condition-template';

export function Component() {
  return <ConditionTemplate page={anxietyStressPage} />;
}
