// The receipt after a payment and the notice after a refund (docs/money.md "Emails"): practice name and
// address, order number, each item and its price, the total, a VAT line when VAT_NUMBER is set, and a link to
// the account. Each is claimed once per order in the database (claim_order_email) before it is sent, and
// released if sending fails, so webhooks, the return page and reconciliation together send it exactly once.
// Logs carry order ids only: what someone bought can reveal a health condition.
import type { SupabaseClient } from '@supabase/supabase-js';
import { env } from './env.ts';
import { sendEmail, type OutgoingEmail } from './email.ts';

export type OrderEmailDetails = {
  order_id: string;
  order_number: string;
  email: string | null;
  created_at: string;
  status: string;
  currency: string;
  amount_pence: number;
  amount_paid_pence: number | null;
  /** The promotion code paid with (e.g. WELCOME10), named on the discount line; null without one. */
  promotion_code?: string | null;
  ungranted_pence: number;
  ungranted_refunded: boolean;
  refunded_at: string | null;
  lines: { title: string; price_pence: number }[];
  ungranted_titles: string[];
};

export type EmailKind = 'receipt' | 'refund';

export type Practice = {
  name: string;
  address: string;
  siteUrl: string;
  vatNumber?: string;
  vatRatePercent?: number;
};

/** The practice as the function's environment configures it. */
export function practiceFromEnv(): Practice {
  const rate = Number(env('VAT_RATE_PERCENT') ?? '20');
  return {
    name: env('PRACTICE_NAME') ?? 'Mindful Change Hypnotherapy',
    address: env('PRACTICE_ADDRESS') ?? '',
    siteUrl: (env('SITE_URL') ?? '').replace(/\/+$/, ''),
    ...(env('VAT_NUMBER')
      ? { vatNumber: env('VAT_NUMBER'), vatRatePercent: Number.isFinite(rate) ? rate : 20 }
      : {}),
  };
}

export function pounds(pence: number): string {
  return `£${(pence / 100).toFixed(2)}`;
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function londonDate(iso: string): string {
  return new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'Europe/London' }).format(
    new Date(iso),
  );
}

type Row = { label: string; amount: string };

/** The email's rows, shared by its HTML and text parts so both say the same. */
function receiptRows(
  order: OrderEmailDetails,
  practice: Practice,
): { rows: Row[]; totals: Row[]; notes: string[] } {
  const paid = order.amount_paid_pence ?? order.amount_pence;
  const rows = order.lines.map((line) => ({ label: line.title, amount: pounds(line.price_pence) }));
  const totals: Row[] = [];
  if (paid !== order.amount_pence)
    totals.push({
      label: order.promotion_code ? `Discount (${order.promotion_code})` : 'Discount',
      amount: `-${pounds(order.amount_pence - paid)}`,
    });
  totals.push({ label: 'Total paid', amount: pounds(paid) });
  const notes: string[] = [];
  if (order.ungranted_pence > 0) {
    const what =
      order.ungranted_titles.length > 0
        ? order.ungranted_titles.map((t) => `"${t}"`).join(', ')
        : 'part of this order';
    totals.push({ label: 'Refunded', amount: `-${pounds(order.ungranted_pence)}` });
    notes.push(`You already had ${what}, so we refunded ${pounds(order.ungranted_pence)} to your card.`);
  }
  if (practice.vatNumber && practice.vatRatePercent !== undefined) {
    const net = paid - order.ungranted_pence;
    const vat = Math.round((net * practice.vatRatePercent) / (100 + practice.vatRatePercent));
    totals.push({ label: `Includes VAT at ${practice.vatRatePercent}%`, amount: pounds(vat) });
    notes.push(`VAT registration number: ${practice.vatNumber}`);
  }
  return { rows, totals, notes };
}

function render(
  heading: string,
  intro: string,
  order: OrderEmailDetails,
  practice: Practice,
  rows: Row[],
  totals: Row[],
  notes: string[],
): { html: string; text: string } {
  const account = `${practice.siteUrl}/account`;
  const tr = (row: Row, bold = false) =>
    `<tr><td style="padding:4px 12px 4px 0">${bold ? '<strong>' : ''}${escapeHtml(row.label)}${bold ? '</strong>' : ''}</td>` +
    `<td style="padding:4px 0;text-align:right">${bold ? '<strong>' : ''}${escapeHtml(row.amount)}${bold ? '</strong>' : ''}</td></tr>`;
  const html = `<!doctype html>
<html lang="en"><body style="font-family:system-ui,sans-serif;color:#1f2937;max-width:36rem">
<h1 style="font-size:1.25rem">${escapeHtml(heading)}</h1>
<p>${escapeHtml(intro)}</p>
<p>Order number: <strong>${escapeHtml(order.order_number)}</strong><br>Date: ${escapeHtml(londonDate(order.created_at))}</p>
<table role="presentation" style="border-collapse:collapse;width:100%">
${rows.map((row) => tr(row)).join('\n')}
${totals.map((row) => tr(row, true)).join('\n')}
</table>
${notes.map((note) => `<p>${escapeHtml(note)}</p>`).join('\n')}
<p><a href="${escapeHtml(account)}">Your account</a>: your audio, orders and receipts.</p>
<p style="color:#4b5563;font-size:0.875rem">${escapeHtml(practice.name)}${practice.address ? `<br>${escapeHtml(practice.address)}` : ''}</p>
</body></html>`;
  const width = Math.max(...[...rows, ...totals].map((row) => row.label.length), 10);
  const line = (row: Row) => `${row.label.padEnd(width)}  ${row.amount}`;
  const text = [
    heading,
    '',
    intro,
    '',
    `Order number: ${order.order_number}`,
    `Date: ${londonDate(order.created_at)}`,
    '',
    ...rows.map(line),
    '',
    ...totals.map(line),
    ...(notes.length > 0 ? ['', ...notes] : []),
    '',
    `Your account: ${account}`,
    '',
    practice.name,
    ...(practice.address ? [practice.address] : []),
    '',
  ].join('\n');
  return { html, text };
}

/** The receipt or refund notice for an order, as sent. */
export function composeOrderEmail(
  kind: EmailKind,
  order: OrderEmailDetails,
  practice: Practice,
): OutgoingEmail | null {
  if (!order.email) return null;
  const { rows, totals, notes } = receiptRows(order, practice);
  if (kind === 'receipt') {
    const { html, text } = render(
      'Thank you for your order',
      `This is your receipt from ${practice.name}. Your audio is ready in your account.`,
      order,
      practice,
      rows,
      totals,
      notes,
    );
    return {
      to: order.email,
      subject: `Your receipt from ${practice.name} (order ${order.order_number})`,
      html,
      text,
      idempotencyKey: `receipt-${order.order_id}`,
    };
  }
  const whole = order.status === 'refunded';
  const refunded = whole
    ? (order.amount_paid_pence ?? order.amount_pence) - order.ungranted_pence
    : order.ungranted_pence;
  const refundTotals = whole ? [...totals, { label: 'Refunded', amount: `-${pounds(refunded)}` }] : totals;
  const { html, text } = render(
    'Your refund',
    whole
      ? `We have refunded order ${order.order_number} in full. The money returns to your card within 5 to 10 working days, and its audio is no longer in your account.`
      : `We have refunded ${pounds(refunded)} of order ${order.order_number}. The money returns to your card within 5 to 10 working days.`,
    order,
    practice,
    rows,
    refundTotals,
    notes,
  );
  return {
    to: order.email,
    subject: `Your refund from ${practice.name} (order ${order.order_number})`,
    html,
    text,
    idempotencyKey: `refund-${order.order_id}-${whole ? 'whole' : 'part'}`,
  };
}

/**
 * Sends the order's receipt or refund notice unless it was sent already. Never throws (an email is not worth a
 * failed webhook); returns what happened, for logs and tests.
 */
export async function sendOrderEmail(
  db: SupabaseClient,
  orderId: string,
  kind: EmailKind,
): Promise<'sent' | 'already' | 'skipped' | 'failed'> {
  if (!env('RESEND_API_KEY') || !env('EMAIL_FROM')) return 'skipped';
  const claimed = await db.rpc('claim_order_email', { p_order_id: orderId, p_kind: kind });
  if (claimed.error) {
    console.warn(`[email] claiming the ${kind} of order ${orderId} failed: ${claimed.error.message}`);
    return 'failed';
  }
  if (claimed.data !== true) return 'already';
  const release = async () => {
    const { error } = await db.rpc('release_order_email', { p_order_id: orderId, p_kind: kind });
    if (error) console.warn(`[email] releasing the ${kind} of order ${orderId} failed: ${error.message}`);
  };
  const details = await db.rpc('order_email_details', { p_order_id: orderId });
  const order = details.data as OrderEmailDetails | null;
  if (details.error || !order) {
    await release();
    return 'failed';
  }
  const email = composeOrderEmail(kind, order, practiceFromEnv());
  if (!email) return 'skipped';
  const result = await sendEmail(email);
  if (!result.sent) {
    console.warn(`[email] the ${kind} of order ${orderId} was not sent: ${result.detail}`);
    await release();
    return 'failed';
  }
  return 'sent';
}
