/** A line sent to create-checkout: a catalogue reference only; the function prices it from the database. */
export interface CheckoutItem {
  kind: 'product' | 'package';
  id: string;
}

/** verify-payment's answer (docs/product-rules.md §7): success, the purchase's title, and an error when there was one. */
export interface VerifyPaymentResult {
  success: boolean;
  purchase?: { title?: string } | null;
  error?: unknown;
  /** Paid for audio the customer already had, refunded (done) or being refunded (docs/money.md). */
  refunded?: { pence: number; titles: string[]; done: boolean } | null;
  /** 503: the database was busy; asking again shortly is safe. */
  retry?: boolean;
  /** Not paid yet: the payment is still processing (or the session still open); asking again is safe. */
  pending?: boolean;
  /** On success: the order's lines (product or package titles), in order. */
  lines?: string[];
  /** On success: the catalogue products (audios) the order grants, for 'Listen now'. */
  productIds?: string[];
  /** On success, when a promotion code lowered the total: by how much, and the code (null if unknown). */
  discount?: { pence: number; code: string | null } | null;
  /** On success: the receipt's figures (order number, amount charged, the address the receipt goes to). */
  order?: PaidOrder | null;
}

export interface PaidOrder {
  number: string;
  paidPence: number;
  receiptEmail: string | null;
}
