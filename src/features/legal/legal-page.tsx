import { Seo } from '@/components/seo/seo';
import { webPage } from '@/components/seo/structured-data';
import { paths, type AppPath } from '@/config/paths';
import type { LegalDocument as LegalDocumentData } from '@/content/legal';
import { LegalDocument } from './legal-document';

/**
 * A legal page (privacy policy, terms and conditions): its metadata, with the document's last-updated date as
 * the page's dateModified, and the document. The pages differ only in their content.
 */
export function LegalPage({ document, path }: { document: LegalDocumentData; path: AppPath }) {
  const { seo } = document;
  return (
    <>
      <Seo
        title={seo.title}
        description={seo.description}
        keywords={seo.keywords}
        path={path}
        structuredData={{
          ...webPage({
            name: seo.title,
            description: seo.description,
            path,
            crumbs: [
              { name: 'Home', path: paths.home },
              { name: seo.title, path },
            ],
          }),
          dateModified: document.lastUpdated.iso,
        }}
      />
      <LegalDocument document={document} />
    </>
  );
}
