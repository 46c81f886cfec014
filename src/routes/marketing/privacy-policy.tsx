import { paths } from '@/config/paths';
import { privacyPolicy } from '@/content/privacy-policy';
import { LegalPage } from '@/features/legal/legal-page';

export function Component() {
  return <LegalPage document={privacyPolicy} path={paths.privacyPolicy} />;
}
