// My Account (docs/product-rules.md D19 "My Account", "Account deletion", "Health data"): every text the page shows.

/** An order's discount line, named by the promotion code when the order has it: 'Discount (WELCOME10)'. */
export function discountLabel(promotionCode: string | null): string {
  return promotionCode ? `Discount (${promotionCode})` : 'Discount';
}

/** The discount's amount. U+2212 minus: read as "minus" by screen readers, unlike a hyphen. */
export function discountAmount(amount: string): string {
  return `−${amount}`;
}

export const accountText = {
  nav: { label: 'Account sections' },
  audio: {
    title: 'Your audio',
    lead: 'Your audio by where it came from, newest first in each group. Listen here or download to keep.',
    playAll: 'Play all',
    play: (title: string) => `Play ${title}`,
    playShort: 'Play',
    addToPlaylist: (title: string) => `Add to playlist: ${title}`,
    addShort: 'Add to playlist',
    download: (title: string) => `Download ${title}`,
    downloadShort: 'Download',
    downloading: 'Downloading…',
    downloadFailed: 'The download could not start. Please try again.',
    purchased: 'Purchased',
    fromPractitioner: 'From your practitioner',
    length: 'Length',
    progress: 'Progress',
    leftAt: (time: string) => `Left at ${time}`,
    playing: 'Playing',
    price: 'Price',
    partOf: (packageTitle: string) => `Part of ${packageTitle}`,
    afterDiscount: (price: string) => `${price} after discount`,
    category: 'Category',
    /** The groups of 'Your audio', each under its own heading (docs/player.md "My Account as a library"). */
    groups: {
      practitioner: 'Given by your practitioner',
      package: (packageTitle: string) => `Package: ${packageTitle}`,
      single: 'Single audios',
    },
    /** On a phone a row shows Play, and the rest behind this menu. */
    moreActions: (title: string) => `More actions for ${title}`,
    unavailable: 'This audio is not available to stream yet.',
    loading: 'Loading your audio…',
    empty: {
      title: 'No audio yet',
      text: 'When you buy a self-hypnosis audio or a package it appears here, ready to play and download.',
      library: 'Browse the audio library',
      individual: 'Browse individual audios',
    },
  },
  /** The in-page navigation a phone user jumps between sections with (docs/player.md "My Account as a library"). */
  sectionsNav: {
    label: 'Sections of My Account',
    continueListening: 'Continue listening',
    audio: 'Your audio',
    onThisDevice: 'On this device',
    practice: 'Practice log',
    intake: 'Health form',
    appointments: 'Appointments',
    orders: 'Orders',
    profile: 'Profile and data',
  },
  orders: {
    title: 'Orders',
    lead: 'Your payments, newest first.',
    loading: 'Loading your orders…',
    error: 'Your orders could not be loaded. Please try again later.',
    retry: 'Try again',
    empty: 'You have no orders yet.',
    caption: 'Your orders',
    date: 'Date',
    items: 'Items',
    packageAudios: (packageTitle: string) => `Audios in ${packageTitle}`,
    subtotal: 'Subtotal',
    discount: (promotionCode: string | null) => discountLabel(promotionCode),
    discountAmount: (amount: string) => discountAmount(amount),
    total: 'Total',
    status: 'Status',
    dispute: 'Dispute',
    autoRefunded: (amount: string) => `${amount} refunded: you already had part of this order`,
    disputeLabels: {
      open: 'Payment disputed: its audio is paused until the dispute is settled',
      won: 'Dispute settled: its audio is back in your account',
      lost: 'Dispute settled in your favour by your bank: its audio has been removed',
    },
    statusLabels: {
      pending: 'Awaiting payment',
      paid: 'Paid',
      failed: 'Payment failed',
      expired: 'Expired',
      refunded: 'Refunded',
    },
  },
  appointments: {
    title: 'Appointments',
    lead: 'Sessions you booked with this email address. Rescheduling and cancelling happen on the booking calendar.',
    loading: 'Loading your appointments…',
    error: 'Your appointments could not be loaded. Please try again later.',
    retry: 'Try again',
    upcoming: 'Upcoming',
    past: 'Past and cancelled',
    noUpcoming: 'You have no upcoming appointments.',
    noPast: 'No past appointments yet.',
    book: 'Book an appointment',
    cancelled: 'Cancelled',
    reschedule: (when: string) => `Reschedule (${when})`,
    rescheduleShort: 'Reschedule',
    cancel: (when: string) => `Cancel (${when})`,
    cancelShort: 'Cancel',
    newTab: ' (opens the booking calendar in a new tab)',
  },
  name: {
    title: 'Your name',
    lead: 'Optional. When you book an appointment while signed in, the booking calendar is filled in with it, so you need not type it.',
    label: 'Your name',
    save: 'Save name',
    remove: 'Remove name',
    empty: 'Please enter your name (or remove it).',
    tooLong: (max: number) => `Your name must be ${max} characters or fewer.`,
    saved: 'Your name has been saved.',
    removed: 'Your name has been removed.',
    failed: 'Your name could not be saved. Please try again.',
  },
  password: {
    title: 'Change password',
    lead: 'Choose a new password of at least 6 characters.',
    submit: 'Update Password',
  },
  signOut: {
    title: 'Sign out',
    lead: 'Sign out of your account on this device. Audio saved for offline listening is removed from this device, and so is your playlist; your purchases and where you stopped listening stay in your account.',
    button: 'Sign Out',
  },
  data: {
    title: 'Your data',
    lead: 'Download a copy of what we hold about you: your account, purchases and orders, and the settings stored in this browser (cookie preferences and accessibility settings).',
    button: 'Download my data',
    preparing: 'Preparing your data…',
    ready: 'Your data has been downloaded.',
    failed: 'Your data could not be downloaded. Please try again.',
    fileName: (date: string) => `my-account-data-${date}.json`,
  },
  delete: {
    title: 'Delete my account',
    lead: 'Deleting your account removes your sign-in, your purchased audio and your roles for good. Your orders are kept without your name or email for 7 years, as the privacy policy explains, because they are transaction records.',
    button: 'Delete my account',
    dialogTitle: 'Delete your account?',
    dialogText:
      'This cannot be undone. You will lose access to every audio you bought and will be signed out at once.',
    confirmWord: 'DELETE',
    confirmLabel: 'Type DELETE to confirm',
    confirmHint: 'Capital letters, as shown.',
    confirm: 'Delete my account for good',
    cancel: 'Cancel',
    close: 'Close',
    deleting: 'Deleting your account…',
    failed: 'Your account could not be deleted. Please try again.',
    done: 'Your account has been deleted.',
    doneDescription: 'You have been signed out. Thank you for listening.',
  },
} as const;

export type OrderStatus = keyof typeof accountText.orders.statusLabels;
