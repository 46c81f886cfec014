// The booking calendar's copy (docs/product-rules.md §2 "/virtual-appointments"), apart from the page's: the calendar loads as
// an island on the page's first load, without the rest of the page's text.
export const bookingCalendarCopy = {
  heading: 'Book Your 50-Minute Appointment',
  lead: 'Pick a date and time in the calendar below, or open the booking page in a new tab.',
  regionLabel: 'Booking calendar',
  consentTitle: 'The calendar is not loaded yet',
  consentText:
    'The booking calendar is provided by Calendly, which sets its own cookies, including third-party cookies. It loads only if you have allowed functional cookies or choose to load it now. You can also book on Calendly in a new tab without loading anything here.',
  loadLabel: 'Load calendar',
  loading: 'Loading calendar...',
  unavailableTitle: 'The calendar cannot be shown on this page',
  unavailableText:
    'Your browser or network is blocking the embedded calendar. The full booking page works in a new tab, or you can contact us directly.',
  localTitle: 'Booking on this local copy of the site',
  localText:
    'No scheduler account is configured here, so bookings go to the local scheduler stand-in: it opens in a new tab, books as the real scheduler does, and the appointment appears in My Account.',
  viewTimesLabel: 'View Available Times',
  booked: 'Thank you: your appointment is booked. A confirmation email is on its way.',
  fallbackHeading: 'Prefer another way?',
  openFullCalendarLabel: 'Open Full Calendar',
  contactLabel: 'Contact Directly',
  admin: {
    heading: 'Scheduler username (admin shortcut)',
    fieldLabel: 'Scheduler username',
    hint: 'Letters, digits, hyphens and underscores only. Opens that username’s 50-minute booking page.',
    error: 'Enter a username made of letters, digits, hyphens (-) or underscores (_) only.',
    openLabel: 'Open External',
  },
} as const;
