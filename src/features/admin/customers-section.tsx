import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { adminText, customersText as text } from '@/content/admin';
import {
  customerPurchasesQuery,
  customersQuery,
  grantAudio,
  PAGE_SIZE,
  productsQuery,
  refreshAfterWrite,
  type CustomerRow,
} from './admin-api';
import {
  AdminSection,
  Field,
  formatDate,
  formatDateTime,
  inputClass,
  messageOf,
  Notice,
  Pager,
  QueryState,
  TableFrame,
  Td,
  Th,
} from './admin-ui';
import { money } from './overview-section';

export function CustomersSection() {
  const id = useId();
  const [draft, setDraft] = useState('');
  const [search, setSearch] = useState('');
  const [pageIndex, setPageIndex] = useState(0);
  const [selected, setSelected] = useState<CustomerRow | null>(null);
  const query = useQuery(customersQuery(search, pageIndex));

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSearch(draft);
    setPageIndex(0);
  }

  return (
    <AdminSection title={text.heading}>
      <form role="search" onSubmit={submit} className="flex flex-wrap items-end gap-3">
        <div className="min-w-60 flex-1">
          <Field id={`${id}-search`} label={text.searchLabel}>
            <input
              id={`${id}-search`}
              type="search"
              className={inputClass}
              value={draft}
              onChange={(event) => setDraft(event.target.value)}
            />
          </Field>
        </div>
        <Button type="submit" size="sm">
          {adminText.search}
        </Button>
      </form>

      <QueryState isPending={query.isPending} error={query.error} onRetry={() => void query.refetch()}>
        {() => {
          const { rows, hasMore } = query.data!;
          return (
            <div className="space-y-4">
              {rows.length === 0 ? (
                <p className="text-muted-foreground">{adminText.noResults}</p>
              ) : (
                <TableFrame label={text.tableCaption}>
                  <table className="w-full border-collapse">
                    <caption className="sr-only">{text.tableCaption}</caption>
                    <thead>
                      <tr>
                        <Th>{text.email}</Th>
                        <Th>{text.joined}</Th>
                        <Th>{text.lastSignIn}</Th>
                        <Th className="text-right">{text.orders}</Th>
                        <Th className="text-right">{text.spent}</Th>
                        <Th>{text.actions}</Th>
                      </tr>
                    </thead>
                    <tbody>
                      {rows.map((customer) => (
                        <tr key={customer.id}>
                          <Td className="break-all">
                            {customer.email}
                            {customer.is_admin ? (
                              <span className="ml-2 rounded bg-muted px-1.5 py-0.5 text-xs font-semibold">
                                {text.admin}
                              </span>
                            ) : null}
                          </Td>
                          <Td className="whitespace-nowrap">{formatDate(customer.joined_at)}</Td>
                          <Td className="whitespace-nowrap">{formatDateTime(customer.last_sign_in_at)}</Td>
                          <Td className="text-right tabular-nums">{customer.orders}</Td>
                          <Td className="text-right tabular-nums">{money(customer.spent_pence)}</Td>
                          <Td>
                            <Button
                              size="sm"
                              variant="secondary"
                              aria-label={text.viewLabel(customer.email)}
                              aria-expanded={selected?.id === customer.id}
                              onClick={() => setSelected(selected?.id === customer.id ? null : customer)}
                            >
                              {text.view}
                            </Button>
                          </Td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </TableFrame>
              )}
              <Pager
                pageIndex={pageIndex}
                count={rows.length}
                pageSize={PAGE_SIZE}
                hasMore={hasMore}
                onPage={setPageIndex}
              />
            </div>
          );
        }}
      </QueryState>

      {selected ? <CustomerPanel customer={selected} onClose={() => setSelected(null)} /> : null}
    </AdminSection>
  );
}

function CustomerPanel({ customer, onClose }: { customer: CustomerRow; onClose: () => void }) {
  const id = useId();
  const queryClient = useQueryClient();
  const purchases = useQuery(customerPurchasesQuery(customer.id));
  const products = useQuery(productsQuery(''));
  const [productId, setProductId] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ variant: 'error' | 'success'; text: string } | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [customer.id]);

  const owned = new Set((purchases.data ?? []).map((purchase) => purchase.product_id));

  async function grant(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const product = products.data?.find((item) => item.id === productId);
    if (!product) {
      setMessage({ variant: 'error', text: text.grantChoose });
      return;
    }
    setBusy(true);
    setMessage(null);
    try {
      await grantAudio(customer.id, product.id);
      setMessage({ variant: 'success', text: text.granted(product.title) });
      setProductId('');
      refreshAfterWrite(queryClient, ['customer-purchases', 'customers']);
    } catch (error) {
      setMessage({ variant: 'error', text: messageOf(error, text.grantFailed) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-4 rounded-xl border-2 border-primary p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3
          id={`${id}-heading`}
          ref={heading}
          tabIndex={-1}
          className="break-all text-xl font-semibold text-foreground"
        >
          {text.purchasesHeading(customer.email)}
        </h3>
        <Button size="sm" variant="ghost" onClick={onClose}>
          {adminText.close}
        </Button>
      </div>
      <QueryState
        isPending={purchases.isPending}
        error={purchases.error}
        onRetry={() => void purchases.refetch()}
      >
        {() =>
          purchases.data!.length === 0 ? (
            <p className="text-muted-foreground">{text.noPurchases}</p>
          ) : (
            <ul className="list-disc space-y-1 pl-6">
              {purchases.data!.map((purchase) => (
                <li key={purchase.id}>
                  {purchase.title} ({formatDate(purchase.created_at)}
                  {Number(purchase.price) === 0 ? `, ${text.free}` : ''})
                </li>
              ))}
            </ul>
          )
        }
      </QueryState>

      <form onSubmit={(event) => void grant(event)} className="space-y-3 rounded-lg border border-border p-3">
        <h4 className="font-semibold text-foreground">{text.grantHeading}</h4>
        {message ? <Notice variant={message.variant}>{message.text}</Notice> : null}
        <Field id={`${id}-product`} label={text.grantLabel} help={text.grantHelp}>
          <select
            id={`${id}-product`}
            className={inputClass}
            aria-describedby={`${id}-product-help`}
            value={productId}
            onChange={(event) => setProductId(event.target.value)}
          >
            <option value="">{text.grantChoose}</option>
            {(products.data ?? [])
              .filter((product) => !owned.has(product.id))
              .map((product) => (
                <option key={product.id} value={product.id}>
                  {product.title} ({product.category})
                </option>
              ))}
          </select>
        </Field>
        <Button type="submit" size="sm" disabled={busy || !products.data}>
          {busy ? adminText.saving : text.grantSubmit}
        </Button>
      </form>
    </section>
  );
}
