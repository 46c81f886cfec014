import { useDeferredValue } from 'react';
import { Seo } from '@/components/seo/seo';
import { buttonVariants } from '@/components/ui/button';
import { Container } from '@/components/ui/container';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { catalogueText as text, shopSeo } from '@/content/shop';
import { useCatalogue } from '@/features/catalogue/catalogue-api';
import { CatalogueSnapshotScript } from '@/features/catalogue/catalogue-snapshot';
import { CatalogueStatus } from '@/features/catalogue/catalogue-status';
import { PackageList } from '@/features/catalogue/package-list';
import { useShopActions } from './parts/shop-actions';
import { AppLink } from '@/components/ui/app-link';

export function Component() {
  return (
    <>
      <Seo
        title={shopSeo.audioLibrary.title}
        description={shopSeo.audioLibrary.description}
        path={paths.audioLibrary}
      />
      <AudioLibrary />
      <CatalogueSnapshotScript />
    </>
  );
}

function AudioLibrary() {
  const { catalogue, error, retry } = useCatalogue();
  // A refreshed catalogue re-renders the list in a transition (small slices), not in the store's synchronous
  // update; the list component is memoized, so that update itself renders nothing below this.
  const shown = useDeferredValue(catalogue);
  const actions = useShopActions(shown?.packages);
  const individualLink = (
    <AppLink to={paths.individualAudios} className={buttonVariants({ variant: 'secondary' })}>
      {text.browseIndividual}
    </AppLink>
  );
  return (
    <>
      <PageHeader title={text.libraryTitle} lead={text.libraryLead}>
        {individualLink}
      </PageHeader>
      <Container className="pb-16">
        {shown ? (
          <PackageList packages={shown.packages} products={shown.products} actions={actions} />
        ) : (
          <CatalogueStatus error={error} onRetry={retry} />
        )}
        <div className="mt-12 rounded-xl bg-muted p-6 text-center">
          <p className="text-lg font-semibold">{text.individualPrompt}</p>
          <div className="mt-4">{individualLink}</div>
        </div>
      </Container>
    </>
  );
}
