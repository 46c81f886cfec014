import { paths } from '@/config/paths';
import { terms } from '@/content/terms';
import { LegalPage } from '@/features/legal/legal-page';

export function Component() {
  return <LegalPage document={terms} path={paths.termsAndConditions} />;
}
