import { useDeferredValue } from 'react';
import { Seo } from '@/components/seo/seo';
import { Container } from '@/components/ui/container';
import { ArrowLeftIcon } from '@/components/ui/first-load-icons';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { catalogueText as text, shopSeo } from '@/content/shop';
import { useCatalogue } from '@/features/catalogue/catalogue-api';
import { CatalogueSnapshotScript } from '@/features/catalogue/catalogue-snapshot';
import { CatalogueStatus } from '@/features/catalogue/catalogue-status';
import { IndividualAudioCatalogue } from '@/features/catalogue/individual-audio-catalogue';
import { useLegacyPaymentReturn } from '@/features/checkout/use-payment-return';
import { useShopActions } from './parts/shop-actions';
import { AppLink } from '@/components/ui/app-link';

export function Component() {
  return (
    <>
      <Seo
        title={shopSeo.individualAudios.title}
        description={shopSeo.individualAudios.description}
        path={paths.individualAudios}
      />
      <IndividualAudios />
      <CatalogueSnapshotScript />
    </>
  );
}

function IndividualAudios() {
  const { catalogue, error, retry } = useCatalogue();
  // A refreshed catalogue re-renders the list in a transition (small slices), not in the store's synchronous
  // update; the list component is memoized, so that update itself renders nothing below this.
  const shownProducts = useDeferredValue(catalogue?.products);
  const actions = useShopActions();
  useLegacyPaymentReturn();

  return (
    <>
      <Container className="pt-6">
        <AppLink
          to={paths.audioLibrary}
          className="inline-flex min-h-11 items-center gap-2 font-semibold text-primary underline-offset-4 hover:underline"
        >
          <ArrowLeftIcon className="size-5" />
          {text.backToPackages}
        </AppLink>
      </Container>
      <PageHeader title={text.individualTitle} lead={text.individualLead}>
        <AppLink
          to={paths.audioLibrary}
          className="inline-flex min-h-11 items-center rounded-lg border-2 border-primary bg-background px-5 font-semibold text-primary hover:bg-primary-soft"
        >
          {text.viewPackageDeals}
        </AppLink>
      </PageHeader>
      <Container className="pb-16">
        {shownProducts ? (
          <IndividualAudioCatalogue products={shownProducts} actions={actions} />
        ) : (
          <CatalogueStatus error={error} onRetry={retry} />
        )}
      </Container>
    </>
  );
}
