import { useQuery } from '@tanstack/react-query';
import { Fragment, useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { adminText, customersText as text } from '@/content/admin';
import { formatPence } from '@/lib/format';
import { customerPurchasesQuery } from '@/lib/admin-api/customer-purchases';
import { productsQuery } from '@/lib/admin-api/products';
import { customersQuery, useGrantAudio, type CustomerRow } from './api/customers';
import { TitledSection } from '@/components/ui/titled-section';
import { DetailPanel, DetailsToggle } from '@/components/ui/detail-panel';
import { formatDate } from '@/lib/practice-dates';
import { type Message, messageOf, Notice } from '@/components/ui/notice';
import { QueryState } from '@/components/ui/query-state';
import { SearchForm } from '@/components/ui/search-form';
import { Field } from '@/components/ui/field';
import { inputClass } from '@/components/ui/input-style';
import type { RenderClientRecord } from './appointments-section';
import { PagedQueryTable } from '@/components/ui/data-table';

export function CustomersSection({
  renderClientRecord,
}: {
  /** The client record panel (the programmes feature's, composed by the route). */
  renderClientRecord: RenderClientRecord;
}) {
  const [search, setSearch] = useState('');
  const [pageIndex, setPageIndex] = useState(0);
  // One panel at a time under the table: a customer's purchases or their client record.
  const [selected, setSelected] = useState<CustomerRow | null>(null);
  const [record, setRecord] = useState<CustomerRow | null>(null);
  const query = useQuery(customersQuery(search, pageIndex));

  return (
    <TitledSection title={text.heading}>
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
            : record
              ? {
                  rowKey: record.id,
                  content: (
                    <Fragment key={record.id}>
                      {renderClientRecord({
                        userId: record.id,
                        name: record.email,
                        email: record.email,
                        onClose: () => setRecord(null),
                      })}
                    </Fragment>
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
          {
            header: text.spent,
            numeric: true,
            cell: (customer) => formatPence(customer.spent_pence, { exact: true }),
          },
          {
            header: text.actions,
            cell: (customer) => (
              <div className="flex flex-wrap gap-2">
                <DetailsToggle
                  label={text.view}
                  accessibleLabel={text.viewLabel(customer.email)}
                  expanded={selected?.id === customer.id}
                  onToggle={() => {
                    setRecord(null);
                    setSelected(selected?.id === customer.id ? null : customer);
                  }}
                />
                <DetailsToggle
                  label={text.record}
                  accessibleLabel={text.recordLabel(customer.email)}
                  expanded={record?.id === customer.id}
                  onToggle={() => {
                    setSelected(null);
                    setRecord(record?.id === customer.id ? null : customer);
                  }}
                />
              </div>
            ),
          },
        ]}
      />
    </TitledSection>
  );
}

function CustomerPanel({ customer, onClose }: { customer: CustomerRow; onClose: () => void }) {
  const id = useId();
  const purchases = useQuery(customerPurchasesQuery(customer.id));
  const products = useQuery(productsQuery(''));
  const grantAudio = useGrantAudio();
  const [productId, setProductId] = useState('');
  const [message, setMessage] = useState<Message>(null);

  const owned = new Set((purchases.data ?? []).map((purchase) => purchase.product_id));

  function grant(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const product = products.data?.find((item) => item.id === productId);
    if (!product) {
      setMessage({ variant: 'error', text: text.grantChoose });
      return;
    }
    setMessage(null);
    grantAudio.mutate(
      { userId: customer.id, productId: product.id },
      {
        onSuccess: () => {
          setMessage({ variant: 'success', text: text.granted(product.title) });
          setProductId('');
        },
        onError: (error) => setMessage({ variant: 'error', text: messageOf(error, text.grantFailed) }),
      },
    );
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

      <form onSubmit={grant} className="space-y-3 rounded-lg border border-border p-3">
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
        <Button type="submit" size="sm" disabled={grantAudio.isPending || !products.data}>
          {grantAudio.isPending ? adminText.saving : text.grantSubmit}
        </Button>
      </form>
    </DetailPanel>
  );
}
