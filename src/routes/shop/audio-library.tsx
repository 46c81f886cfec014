import { useDeferredValue } from 'react';
import { Seo } from '@/components/seo/seo';
import { buttonVariants } from '@/components/ui/button';
import { Container } from '@/components/ui/container';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { catalogueText as text, shopSeo } from '@/content/shop';
import { usePackages, useProducts } from '@/features/catalogue/catalogue-api';
import { CatalogueSnapshotScript } from '@/features/catalogue/catalogue-snapshot';
import { CatalogueStatus } from '@/features/catalogue/catalogue-status';
import { PackageList } from '@/features/catalogue/package-list';
import { useShopActions } from './shop-actions';
import { AppLink } from '@/components/ui/app-link';
import { QueryProvider } from '@/lib/query-provider';

export function Component() {
  return (
    <>
      <Seo
        title={shopSeo.audioLibrary.title}
        description={shopSeo.audioLibrary.description}
        path={paths.audioLibrary}
      />
      <QueryProvider>
        <AudioLibrary />
      </QueryProvider>
      <CatalogueSnapshotScript />
    </>
  );
}

function AudioLibrary() {
  const packages = usePackages();
  const products = useProducts();
  // A refreshed catalogue re-renders the list in a transition (small slices), not in the query's synchronous
  // update; the list component is memoized, so that update itself renders nothing below this.
  const shownPackages = useDeferredValue(packages.data);
  const shownProducts = useDeferredValue(products.data);
  const actions = useShopActions(shownPackages);
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
        {shownPackages && shownProducts ? (
          <PackageList packages={shownPackages} products={shownProducts} actions={actions} />
        ) : (
          <CatalogueStatus
            error={packages.isError || products.isError}
            onRetry={() => void Promise.all([packages.refetch(), products.refetch()])}
          />
        )}
        <div className="mt-12 rounded-xl bg-muted p-6 text-center">
          <p className="text-lg font-semibold">{text.individualPrompt}</p>
          <div className="mt-4">{individualLink}</div>
        </div>
      </Container>
    </>
  );
}
