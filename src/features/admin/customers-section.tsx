import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { adminText, customersText as text } from '@/content/admin';
import {
  customerPurchasesQuery,
  customersQuery,
  grantAudio,
  productsQuery,
  refreshAfterWrite,
  type CustomerRow,
} from './admin-api';
import {
  AdminSection,
  DetailPanel,
  DetailsToggle,
  Field,
  formatDate,
  inputClass,
  messageOf,
  money,
  Notice,
  QueryState,
  SearchForm,
  type Message,
} from './admin-ui';
import { PagedQueryTable } from './data-table';

export function CustomersSection() {
  const [search, setSearch] = useState('');
  const [pageIndex, setPageIndex] = useState(0);
  const [selected, setSelected] = useState<CustomerRow | null>(null);
  const query = useQuery(customersQuery(search, pageIndex));

  return (
    <AdminSection title={text.heading}>
      <SearchForm
        label={text.searchLabel}
        onSearch={(next) => {
          setSearch(next);
          setPageIndex(0);
        }}
      />

      <PagedQueryTable
        query={query}
        pageIndex={pageIndex}
        onPage={setPageIndex}
        caption={text.tableCaption}
        rowKey={(customer) => customer.id}
        empty={adminText.noResults}
        detail={
          selected
            ? {
                rowKey: selected.id,
                content: (
                  <CustomerPanel key={selected.id} customer={selected} onClose={() => setSelected(null)} />
                ),
              }
            : null
        }
        columns={[
          {
            header: text.email,
            className: 'min-w-48 break-all',
            cell: (customer) => (
              <>
                {customer.email}
                {customer.is_admin ? (
                  <span className="ml-2 rounded bg-muted px-1.5 py-0.5 text-xs font-semibold">
                    {text.admin}
                  </span>
                ) : null}
              </>
            ),
          },
          { header: text.joined, date: (customer) => customer.joined_at, dateOnly: true },
          { header: text.lastSignIn, date: (customer) => customer.last_sign_in_at },
          { header: text.orders, numeric: true, cell: (customer) => customer.orders },
          { header: text.spent, numeric: true, cell: (customer) => money(customer.spent_pence) },
          {
            header: text.actions,
            cell: (customer) => (
              <DetailsToggle
                label={text.view}
                accessibleLabel={text.viewLabel(customer.email)}
                expanded={selected?.id === customer.id}
                onToggle={() => setSelected(selected?.id === customer.id ? null : customer)}
              />
            ),
          },
        ]}
      />
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
  const [message, setMessage] = useState<Message>(null);

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
    <DetailPanel title={text.purchasesHeading(customer.email)} closeLabel={adminText.close} onClose={onClose}>
      <QueryState query={purchases}>
        {(owned) =>
          owned.length === 0 ? (
            <p className="text-muted-foreground">{text.noPurchases}</p>
          ) : (
            <ul className="list-disc space-y-1 pl-6">
              {owned.map((purchase) => (
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
    </DetailPanel>
  );
}
