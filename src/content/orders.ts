// The cart, checkout and payment result pages' texts: apart from the catalogue pages' (shop.ts), whose first
// load they would otherwise join.

export const cartText = {
  title: 'Your Cart',
  lead: 'Review your audios, then check out securely by card.',
  emptyTitle: 'Your cart is empty',
  emptyText: 'Find an audio package or a single session to get started.',
  browsePackages: 'Browse Packages',
  browseIndividual: 'Browse Individual Audios',
  linesLabel: 'Items in your cart',
  remove: 'Remove',
  removeLabel: (title: string) => `Remove ${title} from cart`,
  clear: 'Clear Cart',
  total: 'Total',
  checkout: 'Checkout',
  continueShopping: 'Continue Shopping',
  packageCategory: (category: string) => `Package · ${category}`,
  unavailableTitle: 'No longer available',
  unavailableNote: 'This item is no longer in the catalogue and will not be charged.',
  notCharged: 'not charged: ',
  insteadOf: 'instead of ',
  loading: 'Loading your cart…',
  formatNote: 'Every audio is an MP3: download it, or stream it in My Account.',
} as const;

const quoted = (titles: readonly string[]) => titles.map((title) => `"${title}"`).join(', ');

/**
 * What the cart and checkout say about a line that would be paid twice or refused (docs/money.md "What the
 * cart shows is what is charged"), and the one-tap fix each offers.
 */
export const cartNoticeText = {
  heading: 'Check before you pay',
  summary: (count: number) =>
    count === 1
      ? 'One item in your cart is already yours or already included. It is not charged; you can fix it here.'
      : `${count} items in your cart are already yours or already included. They are not charged; you can fix them here.`,
  ownedAudio: (title: string) => `You already own "${title}", so it will not be charged.`,
  ownedPackage: (title: string) => `You already own every audio in "${title}", so it will not be charged.`,
  included: (title: string, pkg: string) =>
    `"${title}" is already included in "${pkg}" in your cart, so it will not be charged twice.`,
  covered: (title: string) =>
    `Every audio in "${title}" is already in your account or elsewhere in your cart, so it will not be charged.`,
  partial: (title: string, owned: readonly string[], inCart: readonly string[], charge: string, price: string) => {
    const parts = [
      ...(owned.length > 0 ? [`you already own ${quoted(owned)}`] : []),
      ...(inCart.length > 0 ? [`${quoted(inCart)} ${inCart.length === 1 ? 'is' : 'are'} already in your cart`] : []),
    ];
    return `In "${title}", ${parts.join(' and ')}: ${owned.length + inCart.length === 1 ? 'it is' : 'they are'} left out, so the package costs ${charge} instead of ${price}.`;
  },
  removeItem: (title: string) => `Remove "${title}"`,
  keepPackage: (title: string) => `Remove "${title}", keep the package`,
} as const;

export function cartCountText(count: number): string {
  return `${count} ${count === 1 ? 'item' : 'items'}`;
}

export const checkoutText = {
  title: 'Checkout',
  lead: 'Check your order, then pay securely by card with Stripe.',
  summaryTitle: 'Order Summary',
  payWithCard: 'Pay with card',
  redirecting: 'Taking you to the secure payment page…',
  secureNote:
    'You pay on Stripe’s secure page; your card details never reach this site. Promotion codes can be entered there.',
  accountNote: 'Your audios appear in My Account as soon as the payment is confirmed.',
  backToCart: 'Back to Cart',
  nothingToPay: 'There is nothing to pay for: your cart has no items you do not already own.',
  excludedNote: 'Items you already own, or that are no longer available, are left out of this order.',
  genericError: 'We could not start the payment. Please try again in a moment.',
} as const;

/** docs/product-rules.md §8, verbatim. */
export const paymentMessages = {
  successTitle: 'Payment Successful!',
  successWithTitle: (title: string) => `"${title}" has been added to your account.`,
  successWithoutSession: 'Your purchase has been completed. You can find your audio in your account.',
  verificationFailedTitle: 'Payment Verification Failed',
  verificationFailed: 'Please contact support if you believe this is an error.',
  verificationErrorTitle: 'Verification Error',
  verificationError: "We couldn't verify your payment. Please contact support if you were charged.",
  cancelledTitle: 'Payment Cancelled',
  cancelled: 'Your payment was cancelled. No charges were made.',
} as const;

/** When fulfilment could not grant part of what was paid (docs/money.md): said instead of plain success. */
export const paymentRefundMessages = {
  title: 'Payment received, part refunded',
  /** `titles` already in the account; `amount` like £2.99; `done` false while the refund is still pending. */
  description: (titles: string[], amount: string, done: boolean) => {
    const owned = titles.length > 0 ? titles.map((t) => `"${t}"`).join(', ') : 'Part of this order';
    const refund = done
      ? `so we have refunded ${amount} to your card.`
      : `so ${amount} will be refunded to your card; this can take a few minutes.`;
    return `${owned} ${titles.length === 1 ? 'was' : 'were'} already in your account, ${refund} Everything else is in your account.`;
  },
} as const;

/**
 * The payment result page (docs/payment-result.md). Its headings and first sentences are docs/product-rules.md §8's texts
 * above, verbatim; these are the page's own words around them.
 */
export const paymentResultText = {
  seo: { title: 'Payment', description: 'The result of your payment.' },
  checking: 'Checking your payment…',
  boughtTitle: 'What you bought',
  notBoughtTitle: 'Not bought',
  listenNow: 'Listen now',
  myAccount: 'My Account',
  backToCart: 'Back to Cart',
  continueShopping: 'Continue Shopping',
  tryAgain: 'Check again',
  processingTitle: 'Payment processing',
  processing:
    'Your payment is still being processed. Your audio will appear in My Account as soon as it is confirmed, and we will email you a receipt.',
  receiptNote: 'A receipt is on its way to your email.',
  orderNumber: 'Order number',
  amountPaid: 'Amount paid',
  receiptSentTo: (email: string) => `A receipt is on its way to ${email}.`,
} as const;
