import { Seo } from '@/components/seo/seo';
import { Container } from '@/components/ui/container';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { cartNoticeText as noticeText, checkoutText as text } from '@/content/orders';
import { shopSeo } from '@/content/shop';
import { RequireUser } from '@/features/auth/auth-guards';
import { useCart } from '@/features/cart/cart-context';
import { CatalogueStatus } from '@/features/catalogue/catalogue-status';
import { OrderSummary } from '@/features/checkout/order-summary';
import { PayButton } from '@/features/checkout/pay-button';
import { CartEmpty } from './parts/cart-empty';
import { CartCheckSummary, LineNotice, lineNoticeText } from './parts/cart-notices';
import { usePricedCart } from './parts/priced-cart';
import { AppLink } from '@/components/ui/app-link';
import { QueryProvider } from '@/lib/query-provider';

export function Component() {
  return (
    <>
      <Seo
        title={shopSeo.checkout.title}
        description={shopSeo.checkout.description}
        path={paths.checkout}
        noindex
      />
      <PageHeader title={text.title} lead={text.lead} />
      <Container width="3xl" className="pb-16">
        <RequireUser>
          {() => (
            <QueryProvider>
              <CheckoutContents />
            </QueryProvider>
          )}
        </RequireUser>
      </Container>
    </>
  );
}

function CheckoutContents() {
  const { items, removeItem } = useCart();
  const { priced, isError, retry } = usePricedCart();
  if (items.length === 0) return <CartEmpty />;
  if (!priced) return <CatalogueStatus error={isError} onRetry={retry} />;
  // Each line at what it will be charged: a package without the audios already owned costs less.
  const lines = priced.lines.flatMap(({ key, details, status, chargePence }) =>
    details && status === 'payable' ? [{ key, ...details, pricePence: chargePence }] : [],
  );
  const notices = priced.flagged.filter((entry) => lineNoticeText(entry) !== null);
  return (
    <div className="space-y-6">
      <CartCheckSummary priced={priced} />
      {notices.length > 0 ? (
        <ul className="space-y-3" aria-label={noticeText.heading}>
          {notices.map((entry) => (
            <li key={entry.key}>
              <LineNotice entry={entry} onRemove={removeItem} />
            </li>
          ))}
        </ul>
      ) : null}
      <OrderSummary title={text.summaryTitle} lines={lines} totalPence={priced.totalPence} />
      {priced.payable.length < priced.lines.length ? (
        <p className="text-sm text-muted-foreground">
          {priced.payable.length === 0 ? text.nothingToPay : text.excludedNote}
        </p>
      ) : null}
      {priced.payable.length > 0 ? <PayButton items={priced.payable} /> : null}
      <p className="text-sm text-muted-foreground">{text.secureNote}</p>
      <p className="text-sm text-muted-foreground">{text.accountNote}</p>
      <AppLink
        to={paths.cart}
        className="inline-flex min-h-11 items-center font-semibold text-primary underline underline-offset-4"
      >
        {text.backToCart}
      </AppLink>
    </div>
  );
}
