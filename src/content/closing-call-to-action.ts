/** The copy of a marketing page's closing call to action (src/features/booking/closing-call-to-action.tsx). */
export interface ClosingCallToActionCopy {
  title: string;
  text: string;
  bookingLabel: string;
  /** The second way on, beside booking: a page of the site. */
  link: { label: string; to: string };
}
