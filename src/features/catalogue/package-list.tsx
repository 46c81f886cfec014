import { memo } from 'react';
import { GiftIcon } from '@/components/ui/first-load-icons';
import { formatPence } from '@/lib/format';
import { catalogueText as text, packageItemCount, separatePriceText } from '@/content/shop';
import { BuyControl } from './buy-control';
import { KeepInView, KEEP_IN_VIEW_ATTRIBUTE } from './keep-in-view';
import type { CatalogueProduct, CataloguePackage, ShopActions } from './catalogue-types';
import { packageValue, productsById } from './package-value';

interface PackageListProps {
  packages: readonly CataloguePackage[];
  products: readonly CatalogueProduct[];
  actions: ShopActions;
}

/** /audio-library: every package, what it contains, its price and its saving, with 'Add to Cart'. */
export const PackageList = memo(function PackageList(props: PackageListProps) {
  // The live catalogue replacing the prerendered one keeps the package in view where it is (keep-in-view.tsx).
  return (
    <KeepInView data={[props.packages, props.products]}>
      <Packages {...props} />
    </KeepInView>
  );
});

function Packages({ packages, products, actions }: PackageListProps) {
  const byId = productsById(products);
  return (
    <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
      {/* Keyed by slug: the refresh after hydration may bring other ids for the same items (a re-seeded
          database); the prerendered cards then stay in place instead of being painted again (a late LCP).
          Off-screen cards skip style and layout until they near the viewport (a long page on a phone). A long
          word in a title the practitioner typed wraps inside its card rather than widening the column. */}
      {packages.map((pkg) => {
        const value = packageValue(pkg, byId);
        const headingId = `package-${pkg.slug}`;
        return (
          <li
            key={pkg.slug}
            {...{ [KEEP_IN_VIEW_ATTRIBUTE]: `package:${pkg.slug}` }}
            className="flex min-w-0 break-words [contain-intrinsic-block-size:auto_36rem] [content-visibility:auto]"
          >
            <article
              aria-labelledby={headingId}
              className="flex w-full flex-col rounded-xl border border-border bg-card p-6 text-card-foreground shadow-sm"
            >
              <p className="text-sm font-semibold tracking-wide text-primary uppercase">{pkg.category}</p>
              <h2 id={headingId} className="mt-1 font-serif text-2xl font-bold">
                {pkg.title}
              </h2>
              {pkg.description ? <p className="mt-2 text-muted-foreground">{pkg.description}</p> : null}
              <h3 className="mt-4 font-semibold">
                {text.packageContents}{' '}
                <span className="font-normal text-muted-foreground">
                  ({packageItemCount(value.contents.length)})
                </span>
              </h3>
              <ol className="mt-2 space-y-1.5">
                {value.contents.map(({ product, free }) => (
                  <li key={product.slug} className="flex items-start gap-2">
                    {free ? (
                      <GiftIcon className="mt-0.5 size-5 shrink-0 text-primary" />
                    ) : (
                      <span aria-hidden="true" className="mt-2.5 size-1.5 shrink-0 rounded-full bg-primary" />
                    )}
                    <span>
                      {product.title}
                      {free ? <strong className="text-primary"> ({text.free})</strong> : null}
                    </span>
                  </li>
                ))}
              </ol>
              <div className="mt-auto pt-6">
                <p className="text-3xl font-bold">{formatPence(pkg.pricePence)}</p>
                <p className="mt-1 text-sm text-muted-foreground" data-testid="audio-format">
                  {text.audioFormat}
                </p>
                {value.savingPence > 0 ? (
                  <p className="mt-1 text-sm text-muted-foreground">
                    {separatePriceText(formatPence(value.separatePence), formatPence(value.savingPence))}
                  </p>
                ) : null}
                <div className="mt-4">
                  <BuyControl
                    item={{ kind: 'package', id: pkg.id, slug: pkg.slug }}
                    title={pkg.title}
                    actions={actions}
                  />
                </div>
              </div>
            </article>
          </li>
        );
      })}
    </ul>
  );
}
