// What the stand-in remembers, per running stack, in memory: Checkout Sessions, their payments (charges),
// refunds, the events it sent and the webhook delivery setting. A restarted stack starts empty (the database
// keeps orders; a refund of a payment the stand-in no longer remembers is matched against the orders table).
import { randomBytes } from 'node:crypto';
import type { StackContext } from '../stack-context.ts';
import { parseWebhookMode, type WebhookMode } from './settings.ts';

export type LineItem = {
  id: string;
  object: 'item';
  description: string;
  quantity: number;
  currency: string;
  amount_subtotal: number;
  amount_discount: number;
  amount_tax: number;
  amount_total: number;
  price: {
    id: string;
    object: 'price';
    currency: string;
    unit_amount: number;
    product: string;
    type: 'one_time';
    active: boolean;
    livemode: false;
  };
};

export type PromotionCode = { code: string; percentOff: number; id: string; couponId: string };

export type Session = {
  id: string;
  object: 'checkout.session';
  mode: 'payment';
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  currency: string;
  amount_subtotal: number;
  amount_total: number;
  total_details: { amount_discount: number; amount_shipping: number; amount_tax: number };
  allow_promotion_codes: boolean;
  customer_email: string | null;
  customer_details: { email: string | null } | null;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  success_url: string;
  cancel_url: string | null;
  url: string | null;
  payment_intent: string | null;
  discounts: { promotion_code: string; coupon: string }[];
  created: number;
  expires_at: number;
  livemode: false;
};

export type StoredSession = {
  session: Session;
  lines: LineItem[];
  promotion: PromotionCode | null;
  /** payment_intent_data[metadata]: Stripe copies it onto the payment intent and its charge. */
  paymentMetadata: Record<string, string>;
};

export type Charge = {
  id: string;
  object: 'charge';
  amount: number;
  amount_captured: number;
  amount_refunded: number;
  currency: string;
  paid: boolean;
  refunded: boolean;
  status: 'succeeded';
  payment_intent: string;
  metadata: Record<string, string>;
  created: number;
  livemode: false;
};

export type Refund = {
  id: string;
  object: 'refund';
  amount: number;
  charge: string;
  currency: string;
  payment_intent: string;
  reason: string | null;
  status: 'succeeded';
  created: number;
};

export type Dispute = {
  id: string;
  object: 'dispute';
  amount: number;
  charge: string;
  currency: string;
  payment_intent: string;
  reason: string;
  status: 'needs_response' | 'under_review' | 'won' | 'lost';
  created: number;
  livemode: false;
};

export type SentEvent = {
  id: string;
  type: string;
  created: number;
  payload: string;
  delivery: { status: number | null; error: string | null; at: string } | null;
};

export type StandInState = {
  sessions: Map<string, StoredSession>;
  charges: Map<string, Charge>;
  refunds: Map<string, Refund>;
  disputes: Map<string, Dispute>;
  /** POST answers by Idempotency-Key, as Stripe keeps them: a retried request gets the first answer again. */
  idempotent: Map<string, { status: number; body: unknown }>;
  events: SentEvent[];
  webhookMode: WebhookMode;
  timers: Set<NodeJS.Timeout>;
};

const states = new WeakMap<StackContext, StandInState>();

export function stateOf(stack: StackContext): StandInState {
  let state = states.get(stack);
  if (!state) {
    state = {
      sessions: new Map(),
      charges: new Map(),
      refunds: new Map(),
      disputes: new Map(),
      idempotent: new Map(),
      events: [],
      webhookMode: parseWebhookMode(process.env.LOCAL_STRIPE_WEBHOOKS) ?? { kind: 'immediate' },
      timers: new Set(),
    };
    states.set(stack, state);
  }
  return state;
}

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** A Stripe-looking id: prefix plus random base62 (`cs_test_a1B2…`). */
export function stripeId(prefix: string, length = 24): string {
  const bytes = randomBytes(length);
  let out = '';
  for (const byte of bytes) out += ALPHABET[byte % ALPHABET.length];
  return `${prefix}_${out}`;
}

export function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

/** The demo promotion codes the hosted page accepts. */
export const PROMOTION_CODES: readonly PromotionCode[] = [
  { code: 'WELCOME10', percentOff: 10, id: 'promo_local_welcome10', couponId: 'local_welcome10' },
];

/** A promotion code as Stripe's API returns it (`expand[]=discounts.promotion_code` on a session). */
export function promotionCodeObject(promotion: PromotionCode): Record<string, unknown> {
  return {
    id: promotion.id,
    object: 'promotion_code',
    active: true,
    code: promotion.code,
    created: 0,
    customer: null,
    customer_account: null,
    expires_at: null,
    livemode: false,
    max_redemptions: null,
    metadata: {},
    promotion: { type: 'coupon', coupon: promotion.couponId },
    restrictions: {
      first_time_transaction: false,
      minimum_amount: null,
      minimum_amount_currency: null,
    },
    times_redeemed: 0,
  };
}

export function findPromotionCode(code: string): PromotionCode | null {
  const wanted = code.trim().toUpperCase();
  return PROMOTION_CODES.find((promo) => promo.code === wanted) ?? null;
}

/** Recomputes the session's and lines' amounts for its promotion code (largest remainder over the lines). */
export function applyPromotion(stored: StoredSession, promotion: PromotionCode | null): void {
  const { session, lines } = stored;
  const subtotal = lines.reduce((sum, line) => sum + line.amount_subtotal, 0);
  const discount = promotion ? Math.round((subtotal * promotion.percentOff) / 100) : 0;
  const exact = lines.map((line) => (subtotal > 0 ? (discount * line.amount_subtotal) / subtotal : 0));
  const floors = exact.map(Math.floor);
  let left = discount - floors.reduce((a, b) => a + b, 0);
  const order = exact
    .map((value, index) => ({ index, frac: value - Math.floor(value) }))
    .sort((a, b) => b.frac - a.frac || a.index - b.index);
  for (const { index } of order) {
    if (left <= 0) break;
    floors[index] = (floors[index] ?? 0) + 1;
    left -= 1;
  }
  lines.forEach((line, index) => {
    line.amount_discount = floors[index] ?? 0;
    line.amount_total = line.amount_subtotal - line.amount_discount;
  });
  stored.promotion = promotion;
  session.amount_subtotal = subtotal;
  session.amount_total = subtotal - discount;
  session.total_details = { amount_discount: discount, amount_shipping: 0, amount_tax: 0 };
  session.discounts = promotion ? [{ promotion_code: promotion.id, coupon: promotion.couponId }] : [];
}
