// The Stripe API calls the edge functions make, with Stripe's object and error shapes:
//   POST /v1/checkout/sessions                 create (mode payment, price_data line items)
//   GET  /v1/checkout/sessions                 list, newest first (created[gte|gt|lte|lt], status, limit,
//                                              starting_after), as reconcile-payments pages through them
//   GET  /v1/checkout/sessions/:id             retrieve (expand[]=line_items, expand[]=discounts.promotion_code)
//   GET  /v1/checkout/sessions/:id/line_items  list line items
//   POST /v1/checkout/sessions/:id/expire      expire an open session (sends checkout.session.expired)
//   POST /v1/refunds                           refund a payment intent (sends charge.refunded)
//   GET  /v1/disputes/:id                      retrieve a dispute (raised with /_local/stripe/disputes)
import type { StackContext } from '../stack-context.ts';
import { list, obj, parseStripeForm, str, type FormObject } from './form.ts';
import { STAND_IN_BASE_PATH } from './settings.ts';
import {
  applyPromotion,
  nowSeconds,
  promotionCodeObject,
  stateOf,
  stripeId,
  type Charge,
  type LineItem,
  type Refund,
  type Session,
  type StoredSession,
} from './state.ts';
import { sendEvent } from './webhooks.ts';

export type ApiResult = { status: number; body: unknown };

type StripeErrorType = 'invalid_request_error' | 'api_error';

export function stripeError(
  status: number,
  message: string,
  extra: { type?: StripeErrorType; code?: string; param?: string } = {},
): ApiResult {
  return {
    status,
    body: {
      error: {
        type: extra.type ?? 'invalid_request_error',
        message,
        ...(extra.code ? { code: extra.code } : {}),
        ...(extra.param ? { param: extra.param } : {}),
      },
    },
  };
}

function missing(kind: string, id: string, param?: string): ApiResult {
  return stripeError(404, `No such ${kind}: '${id}'`, {
    code: 'resource_missing',
    ...(param ? { param } : {}),
  });
}

function missingParam(param: string): ApiResult {
  return stripeError(400, `Missing required param: ${param}.`, { code: 'parameter_missing', param });
}

function invalid(param: string, message: string): ApiResult {
  return stripeError(400, message, { code: 'parameter_invalid', param });
}

function isAbsoluteUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

function stringRecord(value: FormObject | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, item] of Object.entries(value ?? {})) if (typeof item === 'string') out[key] = item;
  return out;
}

function integer(value: string | undefined): number | null {
  return value !== undefined && /^\d{1,9}$/.test(value) ? Number(value) : null;
}

function lineItemsList(stored: StoredSession): unknown {
  return {
    object: 'list',
    data: stored.lines,
    has_more: false,
    url: `/v1/checkout/sessions/${stored.session.id}/line_items`,
  };
}

function sessionBody(stored: StoredSession, expand: string[]): unknown {
  const { session, promotion } = stored;
  return {
    ...session,
    ...(expand.includes('line_items') ? { line_items: lineItemsList(stored) } : {}),
    // Expanded, each discount's promotion_code id becomes the promotion code object (with its `code`).
    ...(expand.includes('discounts.promotion_code')
      ? {
          discounts: session.discounts.map((discount) => ({
            ...discount,
            promotion_code:
              promotion && discount.promotion_code === promotion.id
                ? promotionCodeObject(promotion)
                : discount.promotion_code,
          })),
        }
      : {}),
  };
}

function createSession(stack: StackContext, form: FormObject): ApiResult {
  const mode = str(form.mode);
  if (!mode) return missingParam('mode');
  if (mode !== 'payment') return invalid('mode', 'The local Stripe stand-in only supports mode payment.');
  const successUrl = str(form.success_url);
  if (!successUrl) return missingParam('success_url');
  if (!isAbsoluteUrl(successUrl)) return invalid('success_url', 'Not a valid URL');
  const cancelUrl = str(form.cancel_url) ?? null;
  if (cancelUrl !== null && !isAbsoluteUrl(cancelUrl)) return invalid('cancel_url', 'Not a valid URL');
  const items = list(form.line_items);
  if (items.length === 0) return missingParam('line_items');
  if (items.length > 100) return invalid('line_items', 'A Checkout Session can have at most 100 line items.');

  const id = stripeId('cs_test', 56);
  const lines: LineItem[] = [];
  let currency: string | null = str(form.currency)?.toLowerCase() ?? null;
  for (const [index, raw] of items.entries()) {
    const item = obj(raw);
    const priceData = obj(item?.price_data);
    const param = `line_items[${index}]`;
    if (!item) return invalid(param, `Invalid ${param}: must be an object.`);
    if (!priceData) {
      return invalid(
        `${param}[price_data]`,
        'The local Stripe stand-in needs price_data on every line item.',
      );
    }
    const lineCurrency = str(priceData.currency)?.toLowerCase();
    if (!lineCurrency) return missingParam(`${param}[price_data][currency]`);
    if (currency !== null && lineCurrency !== currency) {
      return invalid(`${param}[price_data][currency]`, 'All line items must use the same currency.');
    }
    currency = lineCurrency;
    const unitAmount = integer(str(priceData.unit_amount));
    if (unitAmount === null) return missingParam(`${param}[price_data][unit_amount]`);
    const name = str(obj(priceData.product_data)?.name);
    if (!name || name.trim() === '') return missingParam(`${param}[price_data][product_data][name]`);
    const quantity = integer(str(item.quantity));
    if (quantity === null || quantity < 1) return missingParam(`${param}[quantity]`);
    lines.push({
      id: stripeId('li'),
      object: 'item',
      description: name,
      quantity,
      currency: lineCurrency,
      amount_subtotal: unitAmount * quantity,
      amount_discount: 0,
      amount_tax: 0,
      amount_total: unitAmount * quantity,
      price: {
        id: stripeId('price'),
        object: 'price',
        currency: lineCurrency,
        unit_amount: unitAmount,
        product: stripeId('prod', 14),
        type: 'one_time',
        active: false,
        livemode: false,
      },
    });
  }
  const metadata = stringRecord(obj(form.metadata));
  const paymentMetadata = stringRecord(obj(obj(form.payment_intent_data)?.metadata));
  const created = nowSeconds();
  const session: Session = {
    id,
    object: 'checkout.session',
    mode: 'payment',
    status: 'open',
    payment_status: 'unpaid',
    currency: currency ?? 'gbp',
    amount_subtotal: 0,
    amount_total: 0,
    total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
    allow_promotion_codes: str(form.allow_promotion_codes) === 'true',
    customer_email: str(form.customer_email) ?? null,
    customer_details: null,
    client_reference_id: str(form.client_reference_id) ?? null,
    metadata,
    success_url: successUrl,
    cancel_url: cancelUrl,
    url: `${stack.url}${STAND_IN_BASE_PATH}/checkout/${id}`,
    payment_intent: null,
    discounts: [],
    created,
    expires_at: created + 24 * 60 * 60,
    livemode: false,
  };
  const stored: StoredSession = { session, lines, promotion: null, paymentMetadata };
  applyPromotion(stored, null);
  stateOf(stack).sessions.set(id, stored);
  return { status: 200, body: session };
}

/** Marks an open session paid (the hosted page's 'Pay'), records its charge and sends the event. */
export async function completeSession(stack: StackContext, stored: StoredSession): Promise<void> {
  const { session } = stored;
  const paymentIntent = stripeId('pi');
  const charge: Charge = {
    id: stripeId('ch'),
    object: 'charge',
    amount: session.amount_total,
    amount_captured: session.amount_total,
    amount_refunded: 0,
    currency: session.currency,
    paid: true,
    refunded: false,
    status: 'succeeded',
    payment_intent: paymentIntent,
    metadata: { ...stored.paymentMetadata },
    created: nowSeconds(),
    livemode: false,
  };
  stateOf(stack).charges.set(paymentIntent, charge);
  session.status = 'complete';
  session.payment_status = 'paid';
  session.payment_intent = paymentIntent;
  session.customer_details = { email: session.customer_email };
  session.url = null;
  await sendEvent(stack, 'checkout.session.completed', session);
}

async function expireSession(stack: StackContext, id: string): Promise<ApiResult> {
  const stored = stateOf(stack).sessions.get(id);
  if (!stored) return missing('checkout.session', id);
  if (stored.session.status !== 'open') {
    return stripeError(400, 'Only Checkout Sessions with a status in ["open"] can be expired.', {
      code: 'checkout_session_not_open',
    });
  }
  stored.session.status = 'expired';
  stored.session.url = null;
  await sendEvent(stack, 'checkout.session.expired', stored.session);
  return { status: 200, body: stored.session };
}

/** The charge behind a payment intent: one the stand-in took, or a paid order's in the database. */
export async function chargeFor(stack: StackContext, paymentIntent: string): Promise<Charge | null> {
  const state = stateOf(stack);
  const known = state.charges.get(paymentIntent);
  if (known) return known;
  // A payment taken before this stack (re)started, or seeded demo data: the order records what was paid.
  const result = await stack.db.query<{
    id: string;
    amount: number;
    currency: string;
    refunded: boolean;
    created: Date;
  }>(
    `select id, coalesce(amount_paid_pence, amount_pence) as amount, currency, status = 'refunded' as refunded,
            coalesce(fulfilled_at, created_at) as created
     from public.orders where stripe_payment_intent_id = $1 and status in ('paid', 'refunded')`,
    [paymentIntent],
  );
  const row = result.rows[0];
  if (!row) return null;
  const charge: Charge = {
    id: stripeId('ch'),
    object: 'charge',
    amount: row.amount,
    amount_captured: row.amount,
    amount_refunded: row.refunded ? row.amount : 0,
    currency: row.currency,
    paid: true,
    refunded: row.refunded,
    status: 'succeeded',
    payment_intent: paymentIntent,
    metadata: { order_id: row.id },
    created: Math.floor(row.created.getTime() / 1000),
    livemode: false,
  };
  state.charges.set(paymentIntent, charge);
  return charge;
}

function pounds(pence: number): string {
  return `£${(pence / 100).toFixed(2)}`;
}

async function createRefund(stack: StackContext, form: FormObject): Promise<ApiResult> {
  const paymentIntent = str(form.payment_intent);
  if (!paymentIntent) {
    return str(form.charge)
      ? invalid('charge', 'The local Stripe stand-in refunds by payment_intent.')
      : missingParam('payment_intent');
  }
  const charge = await chargeFor(stack, paymentIntent);
  if (!charge) return missing('payment_intent', paymentIntent, 'payment_intent');
  const remaining = charge.amount - charge.amount_refunded;
  if (remaining <= 0) {
    return stripeError(400, `Charge ${charge.id} has already been refunded.`, {
      code: 'charge_already_refunded',
    });
  }
  const requested = str(form.amount);
  const amount = requested === undefined ? remaining : integer(requested);
  if (amount === null || amount < 1) return invalid('amount', 'Invalid positive integer');
  if (amount > remaining) {
    return invalid(
      'amount',
      `Refund amount (${pounds(amount)}) is greater than unrefunded amount on charge (${pounds(remaining)})`,
    );
  }
  const refund: Refund = {
    id: stripeId('re'),
    object: 'refund',
    amount,
    charge: charge.id,
    currency: charge.currency,
    payment_intent: paymentIntent,
    reason: str(form.reason) ?? null,
    status: 'succeeded',
    created: nowSeconds(),
  };
  stateOf(stack).refunds.set(refund.id, refund);
  charge.amount_refunded += amount;
  charge.refunded = charge.amount_refunded >= charge.amount;
  await sendEvent(stack, 'charge.refunded', { ...charge });
  return { status: 200, body: refund };
}

/** Stripe's list: newest first, filtered by created range and status, paged with limit and starting_after. */
function listSessions(stack: StackContext, url: URL): ApiResult {
  const query = url.searchParams;
  const limitText = query.get('limit');
  const limit = limitText === null ? 10 : integer(limitText);
  if (limit === null || limit < 1 || limit > 100)
    return invalid('limit', 'This value must be between 1 and 100.');
  const bound = (name: string): number | null | 'bad' => {
    const value = query.get(`created[${name}]`);
    if (value === null) return null;
    // Unix seconds: ten digits.
    return /^\d{1,11}$/.test(value) ? Number(value) : 'bad';
  };
  const gte = bound('gte');
  const gt = bound('gt');
  const lte = bound('lte');
  const lt = bound('lt');
  if ([gte, gt, lte, lt].includes('bad')) return invalid('created', 'Invalid integer');
  const status = query.get('status');
  if (status !== null && !['open', 'complete', 'expired'].includes(status)) {
    return invalid('status', `Invalid status: must be one of open, complete, or expired`);
  }
  // Newest first: the stand-in's sessions in reverse creation order (the Map keeps insertion order).
  let all = [...stateOf(stack).sessions.values()].map((stored) => stored.session).reverse();
  const after = query.get('starting_after');
  if (after !== null) {
    const index = all.findIndex((session) => session.id === after);
    if (index < 0) return missing('checkout.session', after, 'starting_after');
    all = all.slice(index + 1);
  }
  const matching = all.filter(
    (session) =>
      (status === null || session.status === status) &&
      (typeof gte !== 'number' || session.created >= gte) &&
      (typeof gt !== 'number' || session.created > gt) &&
      (typeof lte !== 'number' || session.created <= lte) &&
      (typeof lt !== 'number' || session.created < lt),
  );
  return {
    status: 200,
    body: {
      object: 'list',
      data: matching.slice(0, limit),
      has_more: matching.length > limit,
      url: '/v1/checkout/sessions',
    },
  };
}

function expandOf(url: URL, form: FormObject): string[] {
  const fromQuery = [...url.searchParams.entries()]
    .filter(([key]) => /^expand(\[\d*\])?$/.test(key))
    .map(([, value]) => value);
  const fromBody = list(form.expand).filter((value): value is string => typeof value === 'string');
  return [...fromQuery, ...fromBody];
}

/** Routes one API request (path after /v1). */
export async function handleApi(
  stack: StackContext,
  method: string,
  path: string,
  url: URL,
  body: string,
): Promise<ApiResult> {
  const form = method === 'POST' ? parseStripeForm(body) : {};
  const segments = path.split('/').filter(Boolean);
  const [resource, sub, id, action] = segments;
  if (resource === 'checkout' && sub === 'sessions') {
    if (id === undefined) {
      if (method === 'POST') return createSession(stack, form);
      if (method === 'GET') return listSessions(stack, url);
    } else {
      const stored = stateOf(stack).sessions.get(id);
      if (action === undefined && method === 'GET') {
        return stored
          ? { status: 200, body: sessionBody(stored, expandOf(url, form)) }
          : missing('checkout.session', id);
      }
      if (action === 'line_items' && method === 'GET' && segments.length === 4) {
        return stored ? { status: 200, body: lineItemsList(stored) } : missing('checkout.session', id);
      }
      if (action === 'expire' && method === 'POST' && segments.length === 4) return expireSession(stack, id);
    }
  }
  if (resource === 'refunds' && segments.length === 1 && method === 'POST') return createRefund(stack, form);
  if (resource === 'disputes' && segments.length === 2 && method === 'GET') {
    const dispute = stateOf(stack).disputes.get(sub ?? '');
    return dispute ? { status: 200, body: dispute } : missing('dispute', sub ?? '');
  }
  return stripeError(
    404,
    `Unrecognized request URL (${method}: /v1/${segments.join('/')}). The local Stripe stand-in serves the calls the edge functions make.`,
  );
}
