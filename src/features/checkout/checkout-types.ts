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
}
