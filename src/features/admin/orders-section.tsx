import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { discountAmount, discountLabel } from '@/content/account';
import { orderStatusLabels, paymentsText, ordersText as text, type OrderStatus } from '@/content/admin';
import { formatPence } from '@/lib/format';
import {
  emptyOrderFilters,
  exportOrdersCsv,
  orderQuery,
  ordersQuery,
  type OrderDetail,
  type OrderFilters,
} from './api/orders';
import { TitledSection } from '@/components/ui/titled-section';
import { DetailPanel, DetailsToggle } from '@/components/ui/detail-panel';
import { formatDateTime } from '@/lib/practice-dates';
import { type Message, messageOf, Notice } from '@/components/ui/notice';
import { QueryState } from '@/components/ui/query-state';
import { Field } from '@/components/ui/field';
import { inputClass } from '@/components/ui/input-style';
import { PagedQueryTable } from '@/components/ui/data-table';
import { FiltersDisclosure } from '@/components/ui/filters-disclosure';
import { RefundButton } from './refund-button';

/** How many of the applied filters narrow the list (for the phone's 'Filters' button). */
function activeFilters(filters: OrderFilters): number {
  return [filters.search.trim(), filters.status, filters.from, filters.to].filter(Boolean).length;
}

const statuses = Object.keys(orderStatusLabels) as OrderStatus[];

/** 'Discount (WELCOME10)' and '−£0.30' when a promotion code lowered what was paid (docs/money.md "Discounts"). */
function discountRow(order: OrderDetailWithCode): [string, string][] {
  const discount = order.amount_pence - (order.amount_paid_pence ?? order.amount_pence);
  if (discount <= 0) return [];
  return [
    [discountLabel(order.promotion_code ?? null), discountAmount(formatPence(discount, { exact: true }))],
  ];
}

export function OrdersSection() {
  const id = useId();
  const [draft, setDraft] = useState<OrderFilters>(emptyOrderFilters);
  const [filters, setFilters] = useState<OrderFilters>(emptyOrderFilters);
  const [pageIndex, setPageIndex] = useState(0);
  const [selected, setSelected] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<string | null>(null);
  const query = useQuery(ordersQuery(filters, pageIndex));

  function apply(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (draft.from && draft.to && draft.from > draft.to) {
      setFormError(text.dateRangeInvalid);
      return;
    }
    setFormError(null);
    setFilters(draft);
    setPageIndex(0);
  }

  function clear() {
    setDraft(emptyOrderFilters);
    setFilters(emptyOrderFilters);
    setFormError(null);
    setPageIndex(0);
  }

  async function download() {
    setExporting(true);
    setExportError(null);
    try {
      const csv = await exportOrdersCsv(filters);
      const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = `orders-${new Date().toISOString().slice(0, 10)}.csv`;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
    } catch (error) {
      setExportError(messageOf(error, text.exportFailed));
    } finally {
      setExporting(false);
    }
  }

  return (
    <TitledSection
      title={text.heading}
      actions={
        <Button size="sm" variant="secondary" onClick={() => void download()} disabled={exporting}>
          {exporting ? text.exporting : text.exportCsv}
        </Button>
      }
    >
      {exportError ? <Notice variant="error">{exportError}</Notice> : null}
      <FiltersDisclosure active={activeFilters(filters)}>
        <form
          onSubmit={apply}
          className="grid grid-cols-1 gap-4 rounded-xl border border-border p-4 sm:grid-cols-2 lg:grid-cols-5"
        >
          <div className="sm:col-span-2">
            <Field id={`${id}-search`} label={text.searchLabel}>
              <input
                id={`${id}-search`}
                type="search"
                className={inputClass}
                value={draft.search}
                onChange={(event) => setDraft({ ...draft, search: event.target.value })}
              />
            </Field>
          </div>
          <Field id={`${id}-status`} label={text.statusLabel}>
            <select
              id={`${id}-status`}
              className={inputClass}
              value={draft.status}
              onChange={(event) => setDraft({ ...draft, status: event.target.value as OrderStatus | '' })}
            >
              <option value="">{text.allStatuses}</option>
              {statuses.map((status) => (
                <option key={status} value={status}>
                  {orderStatusLabels[status]}
                </option>
              ))}
            </select>
          </Field>
          <Field id={`${id}-from`} label={text.fromLabel} error={formError}>
            <input
              id={`${id}-from`}
              type="date"
              className={inputClass}
              value={draft.from}
              aria-invalid={formError ? true : undefined}
              aria-describedby={formError ? `${id}-from-error` : undefined}
              onChange={(event) => setDraft({ ...draft, from: event.target.value })}
            />
          </Field>
          <Field id={`${id}-to`} label={text.toLabel}>
            <input
              id={`${id}-to`}
              type="date"
              className={inputClass}
              value={draft.to}
              onChange={(event) => setDraft({ ...draft, to: event.target.value })}
            />
          </Field>
          <div className="flex flex-wrap gap-2 sm:col-span-2 lg:col-span-5">
            <Button type="submit" size="sm">
              {text.apply}
            </Button>
            <Button type="button" size="sm" variant="ghost" onClick={clear}>
              {text.clear}
            </Button>
          </div>
        </form>
      </FiltersDisclosure>

      <PagedQueryTable
        query={query}
        pageIndex={pageIndex}
        onPage={setPageIndex}
        caption={text.tableCaption}
        rowKey={(order) => order.id}
        empty={text.noOrders}
        detail={
          selected
            ? {
                rowKey: selected,
                content: (
                  <OrderDetailPanel key={selected} orderId={selected} onClose={() => setSelected(null)} />
                ),
              }
            : null
        }
        columns={[
          { header: text.date, date: (order) => order.created_at },
          {
            header: text.customer,
            className: 'whitespace-nowrap',
            cell: (order) => order.email ?? text.deletedAccount,
          },
          { header: text.items, className: 'min-w-48', cell: (order) => order.items },
          {
            header: text.total,
            numeric: true,
            cell: (order) => formatPence(order.amount_paid_pence ?? order.amount_pence, { exact: true }),
          },
          { header: text.status, cell: (order) => orderStatusLabels[order.status] },
          {
            header: text.actions,
            cell: (order) => (
              <DetailsToggle
                label={text.view}
                accessibleLabel={text.viewLabel(formatDateTime(order.created_at))}
                expanded={selected === order.id}
                onToggle={() => setSelected(selected === order.id ? null : order.id)}
              />
            ),
          },
        ]}
      />
    </TitledSection>
  );
}

function OrderDetailPanel({ orderId, onClose }: { orderId: string; onClose: () => void }) {
  const query = useQuery(orderQuery(orderId));
  return (
    <DetailPanel title={text.detailHeading} closeLabel={text.closeDetail} onClose={onClose}>
      <QueryState query={query}>{(order) => <OrderDetailView order={order} />}</QueryState>
    </DetailPanel>
  );
}

/** admin_order_detail also names the promotion code the order was paid with (migration 20261128300000). */
type OrderDetailWithCode = OrderDetail & { promotion_code?: string | null };

function OrderDetailView({ order }: { order: OrderDetailWithCode }) {
  const [message, setMessage] = useState<Message>(null);
  const rows: [string, string][] = [
    [text.detailId, order.id],
    [text.date, formatDateTime(order.created_at)],
    [text.customer, order.email ?? text.deletedAccount],
    [text.status, orderStatusLabels[order.status]],
    [text.total, formatPence(order.amount_pence, { exact: true })],
    [
      text.detailPaid,
      order.amount_paid_pence === null ? '—' : formatPence(order.amount_paid_pence, { exact: true }),
    ],
    ...discountRow(order),
    [text.detailFulfilled, order.fulfilled_at ? formatDateTime(order.fulfilled_at) : '—'],
    [text.detailRefunded, order.refunded_at ? formatDateTime(order.refunded_at) : '—'],
    [text.detailPaymentIntent, order.stripe_payment_intent_id ?? '—'],
  ];
  if (order.ungranted_pence) {
    rows.push([
      text.detailAutoRefund,
      text.autoRefund(
        formatPence(order.ungranted_pence, { exact: true }),
        Boolean(order.ungranted_refunded_at),
      ),
    ]);
  }
  if (order.dispute_status) rows.push([text.detailDispute, paymentsText.stateLabels[order.dispute_status]]);
  return (
    <div className="space-y-4">
      {message ? (
        // After a refund the refund button is gone: the message takes the focus.
        <Notice variant={message.variant} focus={message.variant === 'success'}>
          {message.text}
        </Notice>
      ) : null}
      <dl className="grid grid-cols-1 gap-x-6 gap-y-2 sm:grid-cols-[max-content_1fr]">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-semibold text-foreground">{label}</dt>
            <dd className="break-all text-foreground">{value}</dd>
          </div>
        ))}
      </dl>
      <div>
        <h4 className="font-semibold text-foreground">{text.detailLines}</h4>
        <ul className="mt-1 list-disc pl-6">
          {order.lines.map((line) => (
            <li key={line.position}>
              {line.title} ({line.category}): {formatPence(line.price_pence, { exact: true })}
            </li>
          ))}
        </ul>
      </div>
      <div>
        <h4 className="font-semibold text-foreground">{text.detailPurchases}</h4>
        {order.purchases.length === 0 ? (
          <p className="text-muted-foreground">{text.noPurchases}</p>
        ) : (
          <ul className="mt-1 list-disc pl-6">
            {order.purchases.map((purchase) => (
              <li key={purchase.id}>{purchase.title}</li>
            ))}
          </ul>
        )}
      </div>
      {order.status === 'paid' ? (
        <RefundButton
          orderId={order.id}
          total={formatPence(order.amount_paid_pence ?? order.amount_pence, { exact: true })}
          onDone={setMessage}
        />
      ) : null}
    </div>
  );
}
