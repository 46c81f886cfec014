import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useHydrated } from '@/lib/hydration';
import { BookingCalendar } from './booking-calendar';

// Only for `?admin=true`, after hydration: kept out of the page's first JavaScript.
const SchedulerUsernameShortcut = lazy(() =>
  import('./scheduler-username-shortcut').then((module) => ({ default: module.SchedulerUsernameShortcut })),
);

/** /virtual-appointments' booking calendar, with the scheduler-username shortcut under `?admin=true`. */
export function BookingCalendarPanel() {
  const [searchParams] = useSearchParams();
  // The query string is not part of the prerendered page: show the admin shortcut only after hydration.
  const hydrated = useHydrated();
  const adminMode = hydrated && searchParams.get('admin') === 'true';
  return (
    <>
      <BookingCalendar />
      {adminMode ? (
        <Suspense fallback={null}>
          <SchedulerUsernameShortcut className="mt-6" />
        </Suspense>
      ) : null}
    </>
  );
}
