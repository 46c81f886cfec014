import { memo, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { GiftIcon } from '@/components/ui/first-load-icons';
import { SearchField } from '@/components/ui/search-field';
import { paths } from '@/config/paths';
import {
  audiosInCategory,
  catalogueText as text,
  durationText,
  filterResultsText,
  noFilterResults,
} from '@/content/shop';
import { inceptionGuideSlug } from '@/config/shop';
import { formatPence } from '@/lib/format';
import { BuyControl } from './buy-control';
import { KeepInView, KEEP_IN_VIEW_ATTRIBUTE } from './keep-in-view';
import { filterProducts, groupByCategory } from './catalogue-groups';
import type { CatalogueCategory, CatalogueProduct, ShopActions } from './catalogue-types';
import { PreviewButton } from './preview-button';
import { usePreviewPlayer, type PreviewState } from './use-preview-player';
import { AppLink } from '@/components/ui/app-link';

interface IndividualAudioCatalogueProps {
  products: readonly CatalogueProduct[];
  actions: ShopActions;
  /** Signs a preview clip's URL (tests pass their own). */
  signPreview?: (previewPath: string) => Promise<string>;
}

/** /individual-audios: filter, category jump list, and every category's audios with preview and buy controls. */
export const IndividualAudioCatalogue = memo(function IndividualAudioCatalogue(
  props: IndividualAudioCatalogueProps,
) {
  // The live catalogue replacing the prerendered one keeps the audio in view where it is (keep-in-view.tsx).
  return (
    <KeepInView data={[props.products]}>
      <CatalogueList {...props} />
    </KeepInView>
  );
});

function CatalogueList({ products, actions, signPreview }: IndividualAudioCatalogueProps) {
  const [term, setTerm] = useState('');
  const filterId = useId();
  const filterRef = useRef<HTMLInputElement>(null);
  const { state: preview, toggle } = usePreviewPlayer(signPreview);
  const categories = groupByCategory(products);
  const shown = filterProducts(products, term);
  const shownCategories = groupByCategory(shown);

  function clearFilter() {
    setTerm('');
    filterRef.current?.focus();
  }

  return (
    // While a category is the URL's target (a jump), every category is laid out: the jump's scroll position
    // must not be computed from the estimated sizes of the skipped ones.
    <div className="space-y-10 [&:has(:target)_section]:[content-visibility:visible]">
      <div className="space-y-4 rounded-xl border border-border bg-muted p-4 sm:p-6">
        <SearchField
          ref={filterRef}
          id={filterId}
          label={text.filterLabel}
          showLabel
          value={term}
          onChange={(event) => setTerm(event.target.value)}
          placeholder={text.filterPlaceholder}
        />
        <p role="status" className="text-sm text-muted-foreground">
          {filterResultsText(shown.length, products.length, term)}
        </p>
        <details className="group">
          <summary className="inline-flex min-h-11 cursor-pointer items-center rounded-lg px-2 font-semibold text-primary underline-offset-4 hover:underline">
            {text.jumpToCategory} ({categories.length})
          </summary>
          <nav aria-label={text.categoriesNavLabel} className="mt-3">
            <ul className="flex flex-wrap gap-2">
              {categories.map((category) => (
                <li key={category.name}>
                  <a
                    href={`#${category.anchor}`}
                    className="inline-flex min-h-10 items-center rounded-full border border-border bg-background px-3 text-sm hover:bg-primary-soft"
                  >
                    {category.name}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        </details>
      </div>

      <p aria-live="polite" className="sr-only" data-testid="preview-announcer">
        {preview.announcement}
      </p>

      {shown.length === 0 ? (
        <div className="rounded-xl border border-border p-8 text-center">
          <p className="text-lg font-semibold">{noFilterResults(term)}</p>
          <Button variant="secondary" className="mt-4" onClick={clearFilter}>
            {text.clearFilter}
          </Button>
        </div>
      ) : (
        shownCategories.map((category) => (
          <CategorySection
            key={category.name}
            category={category}
            actions={actions}
            preview={preview}
            onPreview={(product) => void toggle(product)}
          />
        ))
      )}
    </div>
  );
}

interface CategorySectionProps {
  category: CatalogueCategory;
  actions: ShopActions;
  preview: PreviewState;
  onPreview: (product: CatalogueProduct) => void;
}

function CategorySection({ category, actions, preview, onPreview }: CategorySectionProps) {
  const headingId = `${category.anchor}-heading`;
  const hasGuide = category.products.some((product) => product.slug === inceptionGuideSlug);
  return (
    // Off-screen categories skip style and layout until they near the viewport (a long page's first render on a
    // phone); the remembered size keeps the scrollbar and in-page jumps steady once one has been shown.
    <section
      id={category.anchor}
      aria-labelledby={headingId}
      className="scroll-mt-24 [contain-intrinsic-block-size:auto_40rem] [content-visibility:auto]"
    >
      <div
        {...{ [KEEP_IN_VIEW_ATTRIBUTE]: `category:${category.anchor}` }}
        className="flex flex-wrap items-baseline justify-between gap-2 border-b border-border pb-2"
      >
        <h2 id={headingId} className="font-serif text-2xl font-bold">
          {category.name}
        </h2>
        <span className="text-sm text-muted-foreground">{audiosInCategory(category.products.length)}</span>
      </div>
      {hasGuide ? (
        <aside
          aria-label={text.packageBonusTitle}
          className="mt-4 flex flex-col gap-3 rounded-xl border-2 border-primary bg-primary-soft p-4 sm:flex-row sm:items-center sm:justify-between"
        >
          <p className="flex items-start gap-3">
            <GiftIcon className="mt-0.5 size-5 shrink-0 text-primary" />
            <span>
              <strong className="text-primary">{text.packageBonusTitle}:</strong> {text.packageBonusText}
            </span>
          </p>
          <AppLink
            to={paths.audioLibrary}
            className="inline-flex min-h-11 shrink-0 items-center font-semibold text-primary underline underline-offset-4 hover:no-underline"
          >
            {text.viewPackageDeals}
          </AppLink>
        </aside>
      ) : null}
      <ul className="mt-4 grid gap-4 md:grid-cols-2">
        {category.products.map((product) => (
          // Keyed by slug: the refresh after hydration may bring other ids for the same audios (a re-seeded
          // database); the prerendered elements then stay in place instead of being painted again.
          <ProductItem
            key={product.slug}
            product={product}
            actions={actions}
            preview={preview}
            onPreview={onPreview}
          />
        ))}
      </ul>
    </section>
  );
}

interface ProductItemProps {
  product: CatalogueProduct;
  actions: ShopActions;
  preview: PreviewState;
  onPreview: (product: CatalogueProduct) => void;
}

function ProductItem({ product, actions, preview, onPreview }: ProductItemProps) {
  const duration = durationText(product.durationSeconds);
  return (
    <li
      {...{ [KEEP_IN_VIEW_ATTRIBUTE]: `product:${product.slug}` }}
      className="flex min-w-0 flex-col rounded-xl border border-border bg-card p-4 break-words text-card-foreground shadow-sm"
    >
      <h3 className="text-lg font-semibold">{product.title}</h3>
      {product.description ? (
        <p className="mt-1 text-sm text-muted-foreground">{product.description}</p>
      ) : null}
      <div className="mt-auto flex flex-wrap items-center gap-3 pt-4">
        <span className="text-lg font-bold">{formatPence(product.pricePence)}</span>
        {duration ? <span className="text-sm text-muted-foreground">{duration}</span> : null}
        <span className="text-sm text-muted-foreground" data-testid="audio-format">
          {text.audioFormat}
        </span>
        <span className="ml-auto flex flex-wrap gap-2">
          <PreviewButton product={product} state={preview} onToggle={onPreview} />
          <BuyControl
            item={{ kind: 'product', id: product.id, slug: product.slug }}
            title={product.title}
            actions={actions}
          />
        </span>
      </div>
    </li>
  );
}
