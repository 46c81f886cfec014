import { Seo } from '@/components/seo/seo';
import { webPage } from '@/components/seo/structured-data';
import { paths } from '@/config/paths';
import { privacyPolicy as legal } from '@/content/privacy-policy';
import { LegalDocument } from '@/features/legal/legal-document';

export function Component() {
  return (
    <>
      <Seo
        title={legal.seo.title}
        description={legal.seo.description}
        keywords={legal.seo.keywords}
        path={paths.privacyPolicy}
        structuredData={{
          ...webPage({
            name: legal.seo.title,
            description: legal.seo.description,
            path: paths.privacyPolicy,
            crumbs: [
              { name: 'Home', path: paths.home },
              { name: legal.seo.title, path: paths.privacyPolicy },
            ],
          }),
          dateModified: legal.lastUpdated.iso,
        }}
      />
      <LegalDocument document={legal} />
    </>
  );
}
