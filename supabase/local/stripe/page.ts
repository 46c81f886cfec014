// The stand-in's hosted payment page: /_local/stripe/checkout/<session id>. Plain HTML forms (no script):
// the lines and total, a promotion code, a card number, 'Pay' and a 'Cancel' link. Test cards:
// 4242 4242 4242 4242 pays; 4000 0000 0000 0002 is declined ('Your card was declined.') and the page stays.
import type { StackContext } from '../stack-context.ts';
import { completeSession } from './api.ts';
import { STAND_IN_BASE_PATH } from './settings.ts';
import { applyPromotion, findPromotionCode, stateOf, type StoredSession } from './state.ts';

export type PageResult = { status: number; html: string } | { status: 303; location: string };

const DECLINED: Record<string, string> = {
  '4000000000000002': 'Your card was declined.',
  '4000000000009995': 'Your card has insufficient funds.',
  '4000000000000069': 'Your card has expired.',
};

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const money = (pence: number, currency: string): string =>
  new Intl.NumberFormat('en-GB', { style: 'currency', currency: currency.toUpperCase() }).format(pence / 100);

function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

const STYLE = `
  :root { color-scheme: light; }
  * { box-sizing: border-box; }
  body { font: 16px/1.5 system-ui, sans-serif; margin: 0; color: #1f2937; background: #f3f4f6; }
  main { max-width: 32rem; margin: 0 auto; padding: 1.5rem 1rem 3rem; }
  h1 { font-size: 1.5rem; margin: 0 0 0.25rem; }
  .note { color: #4b5563; font-size: 0.875rem; margin: 0 0 1.25rem; }
  section { background: #fff; border: 1px solid #d1d5db; border-radius: 0.5rem; padding: 1rem; margin: 0 0 1rem; }
  h2 { font-size: 1.125rem; margin: 0 0 0.75rem; }
  table { width: 100%; border-collapse: collapse; }
  th, td { padding: 0.375rem 0; text-align: left; vertical-align: top; }
  td.amount, th.amount { text-align: right; white-space: nowrap; padding-left: 1rem; }
  tfoot th, tfoot td { border-top: 1px solid #d1d5db; }
  .total th, .total td { font-size: 1.125rem; font-weight: 700; }
  label { display: block; font-weight: 600; margin: 0 0 0.25rem; }
  .row { display: flex; gap: 0.5rem; flex-wrap: wrap; }
  input { font: inherit; padding: 0.625rem 0.75rem; border: 1px solid #6b7280; border-radius: 0.375rem; width: 100%; min-width: 0; }
  .row input { flex: 1 1 12rem; width: auto; }
  button { font: inherit; font-weight: 600; border-radius: 0.375rem; padding: 0.625rem 1rem; cursor: pointer; min-height: 44px; }
  .primary { background: #1d4ed8; color: #fff; border: 1px solid #1d4ed8; width: 100%; margin-top: 1rem; }
  .secondary { background: #fff; color: #1f2937; border: 1px solid #6b7280; }
  :focus-visible { outline: 3px solid #b45309; outline-offset: 2px; }
  .error { color: #991b1b; background: #fef2f2; border: 1px solid #fecaca; border-radius: 0.375rem; padding: 0.5rem 0.75rem; margin: 0.75rem 0 0; }
  .ok { color: #166534; margin: 0.5rem 0 0; }
  .hint { color: #4b5563; font-size: 0.875rem; margin: 0.5rem 0 0; }
  a { color: #1d4ed8; }
  .cancel { display: inline-block; margin-top: 1rem; padding: 0.5rem 0; }
`;

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>`;
}

function checkoutPage(
  stored: StoredSession,
  messages: { card?: string; promo?: string; cardValue?: string },
): string {
  const { session, lines, promotion } = stored;
  const action = `${STAND_IN_BASE_PATH}/checkout/${encodeURIComponent(session.id)}`;
  const rows = lines
    .map(
      (line) =>
        `<tr><td>${escapeHtml(line.description)}${line.quantity > 1 ? ` × ${line.quantity}` : ''}</td>` +
        `<td class="amount">${money(line.amount_subtotal, line.currency)}</td></tr>`,
    )
    .join('\n');
  const discountRow = promotion
    ? `<tr><th scope="row">Promotion ${escapeHtml(promotion.code)} (${promotion.percentOff}% off)</th>` +
      `<td class="amount">−${money(session.total_details.amount_discount, session.currency)}</td></tr>`
    : '';
  const promoError = messages.promo
    ? `<p class="error" id="promotion-error" role="alert">${escapeHtml(messages.promo)}</p>`
    : '';
  const promoSection = session.allow_promotion_codes
    ? `<section aria-labelledby="promotion-heading">
  <h2 id="promotion-heading">Promotion code</h2>
  <form method="post" action="${action}">
    <input type="hidden" name="action" value="apply-promotion">
    <label for="promotion-code">Promotion code</label>
    <div class="row">
      <input id="promotion-code" name="promotion_code" autocomplete="off" autocapitalize="characters"
        value="${escapeHtml(promotion?.code ?? '')}"${messages.promo ? ' aria-invalid="true" aria-describedby="promotion-error"' : ''}>
      <button type="submit" class="secondary">Apply</button>
    </div>
    ${promoError}
    ${promotion ? `<p class="ok" role="status">${escapeHtml(promotion.code)} applied: ${promotion.percentOff}% off.</p>` : ''}
  </form>
</section>`
    : '';
  const cardError = messages.card
    ? `<p class="error" id="card-error" role="alert">${escapeHtml(messages.card)}</p>`
    : '';
  const cancel = session.cancel_url
    ? `<a class="cancel" href="${escapeHtml(session.cancel_url)}">Cancel</a>`
    : '';
  return layout(
    'Checkout: local test payments',
    `<h1>Checkout</h1>
<p class="note">Local test payments (the local stack's Stripe stand-in). No real card is charged.</p>
<section aria-labelledby="summary-heading">
  <h2 id="summary-heading">Order summary</h2>
  ${session.customer_email ? `<p class="hint">For ${escapeHtml(session.customer_email)}</p>` : ''}
  <table>
    <thead><tr><th scope="col">Item</th><th scope="col" class="amount">Price</th></tr></thead>
    <tbody>
${rows}
    </tbody>
    <tfoot>
      <tr><th scope="row">Subtotal</th><td class="amount">${money(session.amount_subtotal, session.currency)}</td></tr>
      ${discountRow}
      <tr class="total"><th scope="row">Total due</th><td class="amount" id="total">${money(session.amount_total, session.currency)}</td></tr>
    </tfoot>
  </table>
</section>
${promoSection}
<section aria-labelledby="payment-heading">
  <h2 id="payment-heading">Pay by card</h2>
  <form method="post" action="${action}">
    <input type="hidden" name="action" value="pay">
    <label for="card-number">Card number</label>
    <input id="card-number" name="card_number" inputmode="numeric" autocomplete="cc-number" required
      value="${escapeHtml(messages.cardValue ?? '')}" aria-describedby="card-hint${messages.card ? ' card-error' : ''}"${messages.card ? ' aria-invalid="true"' : ''}>
    <p class="hint" id="card-hint">Test cards: 4242 4242 4242 4242 pays; 4000 0000 0000 0002 is declined.${session.allow_promotion_codes ? ' Promotion code WELCOME10 takes 10% off.' : ''}</p>
    ${cardError}
    <button type="submit" class="primary">Pay</button>
  </form>
  ${cancel}
</section>`,
  );
}

function closedPage(stored: StoredSession): string {
  const { session } = stored;
  const done = session.status === 'complete';
  const link = done
    ? `<a href="${escapeHtml(session.success_url.replaceAll('{CHECKOUT_SESSION_ID}', session.id))}">Return to the shop</a>`
    : session.cancel_url
      ? `<a href="${escapeHtml(session.cancel_url)}">Return to the shop</a>`
      : '';
  return layout(
    done ? 'Payment complete' : 'Checkout expired',
    `<h1>${done ? 'This payment is complete' : 'This checkout has expired'}</h1>
<p>${done ? 'Nothing more to pay.' : 'Nothing was charged. Start a new checkout from the shop.'}</p>
<p>${link}</p>`,
  );
}

function notFoundPage(): string {
  return layout(
    'Checkout not found',
    `<h1>Checkout not found</h1>
<p>There is no checkout session at this address in the local stack (it may have been started before the stack restarted).</p>`,
  );
}

/** GET: the page for the session. */
export function showCheckout(stack: StackContext, id: string): PageResult {
  const stored = stateOf(stack).sessions.get(id);
  if (!stored) return { status: 404, html: notFoundPage() };
  if (stored.session.status !== 'open') return { status: 200, html: closedPage(stored) };
  return { status: 200, html: checkoutPage(stored, {}) };
}

/** POST: apply a promotion code, or pay. */
export async function submitCheckout(
  stack: StackContext,
  id: string,
  form: URLSearchParams,
): Promise<PageResult> {
  const stored = stateOf(stack).sessions.get(id);
  if (!stored) return { status: 404, html: notFoundPage() };
  if (stored.session.status !== 'open') return { status: 200, html: closedPage(stored) };
  const self = `${STAND_IN_BASE_PATH}/checkout/${encodeURIComponent(id)}`;

  if (form.get('action') === 'apply-promotion') {
    if (!stored.session.allow_promotion_codes) return { status: 303, location: self };
    const code = (form.get('promotion_code') ?? '').trim();
    if (code === '') {
      applyPromotion(stored, null);
      return { status: 303, location: self };
    }
    const promotion = findPromotionCode(code);
    if (!promotion) return { status: 200, html: checkoutPage(stored, { promo: 'This code is invalid.' }) };
    applyPromotion(stored, promotion);
    return { status: 303, location: self };
  }

  const raw = form.get('card_number') ?? '';
  const digits = raw.replace(/[\s-]/g, '');
  if (!/^\d{13,19}$/.test(digits) || !luhn(digits)) {
    return {
      status: 200,
      html: checkoutPage(stored, { card: 'Your card number is invalid.', cardValue: raw }),
    };
  }
  const declined = DECLINED[digits];
  if (declined) return { status: 200, html: checkoutPage(stored, { card: declined, cardValue: raw }) };
  await completeSession(stack, stored);
  return { status: 303, location: stored.session.success_url.replaceAll('{CHECKOUT_SESSION_ID}', id) };
}
