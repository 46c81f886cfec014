import { Trash2 } from 'lucide-react';
import { Seo } from '@/components/seo/seo';
import { Button, buttonVariants } from '@/components/ui/button';
import { Container } from '@/components/ui/container';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { cartCountText, cartText as text } from '@/content/orders';
import { shopSeo } from '@/content/shop';
import { useCart } from '@/features/cart/cart-context';
import { CatalogueStatus } from '@/features/catalogue/catalogue-status';
import { formatPence } from '@/lib/format';
import { CartEmpty } from './parts/cart-empty';
import { CartCheckSummary, LineNotice } from './parts/cart-notices';
import { usePricedCart } from './parts/priced-cart';
import { AppLink } from '@/components/ui/app-link';

export function Component() {
  return (
    <>
      <Seo title={shopSeo.cart.title} description={shopSeo.cart.description} path={paths.cart} noindex />
      <PageHeader title={text.title} lead={text.lead} />
      <Container width="4xl" className="pb-16">
        <CartContents />
      </Container>
    </>
  );
}

function CartContents() {
  const { items, removeItem, clear } = useCart();
  const { priced, isError, retry } = usePricedCart();
  if (items.length === 0) return <CartEmpty />;
  if (!priced) return <CatalogueStatus error={isError} onRetry={retry} />;
  return (
    <div className="grid gap-8 lg:grid-cols-[1fr_18rem]">
      <section aria-labelledby="cart-lines-heading">
        <h2 id="cart-lines-heading" className="sr-only">
          {text.linesLabel}
        </h2>
        <CartCheckSummary priced={priced} />
        <ul className="divide-y divide-border rounded-xl border border-border bg-card">
          {priced.lines.map((entry) => {
            const { key, line, details, status, chargePence } = entry;
            const title = details?.title ?? text.unavailableTitle;
            const reduced = status === 'payable' && details !== null && chargePence < details.pricePence;
            return (
              <li
                key={key}
                className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center"
                data-testid="cart-line"
              >
                <div className="min-w-0 flex-1">
                  <p className="font-semibold break-words">{title}</p>
                  {details ? <p className="text-sm text-muted-foreground">{details.category}</p> : null}
                  <LineNotice entry={entry} onRemove={removeItem} />
                  {status === 'unavailable' ? (
                    <p className="mt-1 text-sm text-muted-foreground">{text.unavailableNote}</p>
                  ) : null}
                </div>
                <div className="flex items-center justify-between gap-4 sm:justify-end">
                  {details ? (
                    <span className="flex items-baseline gap-2">
                      {status === 'payable' ? (
                        <span className="text-lg font-bold">{formatPence(chargePence)}</span>
                      ) : null}
                      {status !== 'payable' || reduced ? (
                        <del className="text-lg text-muted-foreground">
                          <span className="sr-only">{reduced ? text.insteadOf : text.notCharged}</span>
                          {formatPence(details.pricePence)}
                        </del>
                      ) : null}
                    </span>
                  ) : null}
                  <Button variant="ghost" size="sm" onClick={() => removeItem(line)}>
                    <Trash2 aria-hidden="true" />
                    {text.remove}
                    <span className="sr-only">: {title}</span>
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
        <Button variant="ghost" size="sm" className="mt-4" onClick={clear}>
          {text.clear}
        </Button>
      </section>
      <aside
        aria-labelledby="cart-total-heading"
        className="h-fit rounded-xl border border-border bg-card p-6 shadow-sm"
      >
        <h2 id="cart-total-heading" className="font-serif text-xl font-bold">
          {text.total}
        </h2>
        <p className="text-sm text-muted-foreground">{cartCountText(priced.payable.length)}</p>
        <p className="mt-1 text-sm text-muted-foreground" data-testid="cart-format">
          {text.formatNote}
        </p>
        <p className="mt-2 text-3xl font-bold" data-testid="cart-total">
          {formatPence(priced.totalPence)}
        </p>
        {priced.payable.length > 0 ? (
          <AppLink to={paths.checkout} className={`${buttonVariants({ size: 'lg' })} mt-6 w-full`}>
            {text.checkout}
          </AppLink>
        ) : null}
        <AppLink
          to={paths.individualAudios}
          className={`${buttonVariants({ variant: 'secondary' })} mt-3 w-full`}
        >
          {text.continueShopping}
        </AppLink>
      </aside>
    </div>
  );
}
