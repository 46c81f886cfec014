import { BookingCalendarPanel } from './booking-calendar-panel';

/** /virtual-appointments' booking calendar: self-contained, it reads nothing from the page. */
export function render() {
  return <BookingCalendarPanel />;
}
