import { CalendarClock, CalendarDays, LoaderCircle, MessageCircle } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Button, buttonVariants } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { site } from '@/config/site';
import { bookingCalendarCopy as copy } from '@/content/booking-calendar';
import { cn } from '@/lib/cn';
import { EARLY_CONTROL_ATTRIBUTE } from '@/lib/early-input-script';
import { readStoredSessionEmail, readStoredSessionName } from '@/lib/supabase';
import { BookingButton } from './booking-button';
import { embedBookingUrl } from './booking-url';
import { useFunctionalConsent } from './functional-consent';
import { loadScriptOnce } from './load-script';
import { schedulerApi, schedulerEventName } from './scheduler-embed';
import { AppLink } from '@/components/ui/app-link';

/** How long to wait for the scheduler before offering the new-tab booking page instead. */
export const CALENDAR_LOAD_TIMEOUT_MS = 15_000;

/** 'local': no scheduler account is configured, so there is nothing to embed; the links go to the stand-in. */
type EmbedStatus = 'loading' | 'ready' | 'unavailable' | 'local';

/**
 * The embedded booking calendar (docs/product-rules.md §2, §4; docs/product-rules.md D15 "Scheduler embed"). The scheduler's script loads
 * only with functional-cookie consent or after 'Load calendar'; it is added once and reused. The 600 px box
 * keeps its size in every state, and the new-tab and contact fallbacks are always there.
 */
export function BookingCalendar({ className }: { className?: string }) {
  const headingId = useId();
  const consent = useFunctionalConsent();
  const [requested, setRequested] = useState(false);
  const [status, setStatus] = useState<EmbedStatus>('loading');
  const [booked, setBooked] = useState(false);
  const regionRef = useRef<HTMLDivElement>(null);
  const widgetRef = useRef<HTMLDivElement>(null);
  const active = consent || requested;

  useEffect(() => {
    if (!active) return;
    if (site.scheduler.local) {
      // eslint-disable-next-line react-hooks/set-state-in-effect -- the answer to the visitor's request, once
      setStatus('local');
      return;
    }
    let settled = false;
    const giveUp = (reason: unknown) => {
      if (settled) return;
      settled = true;
      // Nothing alarming for the visitor (docs/product-rules.md §8): the fallbacks below still book.
      console.warn('Booking calendar unavailable; the booking page still opens in a new tab.', reason);
      setStatus('unavailable');
    };
    const timer = window.setTimeout(
      () => giveUp(new Error('Timed out loading the scheduler')),
      CALENDAR_LOAD_TIMEOUT_MS,
    );
    loadScriptOnce(site.scheduler.embedScriptUrl, () => schedulerApi() !== undefined).then(
      () => {
        window.clearTimeout(timer);
        const api = schedulerApi();
        const parent = widgetRef.current;
        if (settled || !api || !parent) return;
        try {
          parent.replaceChildren();
          // Loaded only once the visitor consented or asked for it: a signed-in customer's name and email prefill it.
          const url = embedBookingUrl(window.location.host, undefined, {
            name: readStoredSessionName(),
            email: readStoredSessionEmail(),
          });
          api.initInlineWidget({ url, parentElement: parent });
          settled = true;
          setStatus('ready');
        } catch (error) {
          giveUp(error);
        }
      },
      (error: unknown) => {
        window.clearTimeout(timer);
        giveUp(error);
      },
    );
    return () => {
      settled = true;
      window.clearTimeout(timer);
    };
  }, [active]);

  useEffect(() => {
    if (!active) return;
    const onMessage = (event: MessageEvent) => {
      if (schedulerEventName(event) === 'calendly.event_scheduled') setBooked(true);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [active]);

  function loadCalendar() {
    setRequested(true);
    // The button disappears; keep the keyboard user's place on the calendar region.
    regionRef.current?.focus();
  }

  function viewAvailableTimes() {
    const widget = widgetRef.current;
    if (!widget) return;
    const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
    widget.scrollIntoView?.({ behavior: reduceMotion ? 'auto' : 'smooth', block: 'start' });
    const target = widget.querySelector('iframe') ?? widget;
    target.focus({ preventScroll: true });
  }

  const state = active ? status : 'gated';

  return (
    <section aria-labelledby={headingId} className={className}>
      <h2 id={headingId} className="font-serif text-3xl font-bold sm:text-4xl">
        {copy.heading}
      </h2>
      <p className="mt-3 text-lg text-muted-foreground">{copy.lead}</p>

      {/* Fixed-height row: the action appears here without moving anything below it. */}
      <div className="mt-6 flex min-h-12 flex-wrap items-center gap-3">
        {state === 'ready' ? (
          <Button onClick={viewAvailableTimes} {...{ [EARLY_CONTROL_ATTRIBUTE]: 'view-times' }}>
            <CalendarClock aria-hidden="true" />
            {copy.viewTimesLabel}
          </Button>
        ) : null}
        {state === 'unavailable' || state === 'local' ? (
          <BookingButton size="md" icon={false}>
            <CalendarClock aria-hidden="true" />
            {copy.viewTimesLabel}
          </BookingButton>
        ) : null}
        <p role="status" className="font-semibold text-success">
          {booked ? copy.booked : ''}
        </p>
      </div>

      <div
        ref={regionRef}
        role="region"
        aria-label={copy.regionLabel}
        tabIndex={-1}
        data-state={state}
        // 600 px with its border for the widget; the consent placeholder (598 px inside the border) may grow
        // past it at larger text sizes.
        className={cn(
          'relative mt-4 rounded-xl border border-border bg-card',
          active && 'h-[600px] overflow-hidden',
        )}
      >
        {active ? (
          <div ref={widgetRef} tabIndex={-1} className="h-full w-full" data-testid="scheduler-widget" />
        ) : (
          <div className="flex min-h-[598px] flex-col items-center justify-center gap-4 p-6 text-center">
            <CalendarDays aria-hidden="true" className="size-10 text-primary" />
            <h3 className="text-xl font-bold">{copy.consentTitle}</h3>
            <p className="max-w-xl text-muted-foreground">{copy.consentText}</p>
            {/* Its identity: a press made before the island's code arrived is made again on it, if it is there. */}
            <Button onClick={loadCalendar} {...{ [EARLY_CONTROL_ATTRIBUTE]: 'load-calendar' }}>
              {copy.loadLabel}
            </Button>
          </div>
        )}
        {state === 'loading' ? (
          <div className="absolute inset-0 flex flex-col items-center justify-center gap-3 bg-card">
            <LoaderCircle aria-hidden="true" className="size-8 animate-spin text-primary" />
            <p role="status" className="font-semibold text-muted-foreground">
              {copy.loading}
            </p>
          </div>
        ) : null}
        {state === 'unavailable' || state === 'local' ? (
          <div className="absolute inset-0 flex flex-col items-center justify-center gap-3 bg-card p-6 text-center">
            <CalendarDays aria-hidden="true" className="size-10 text-primary" />
            <h3 className="text-xl font-bold">
              {state === 'local' ? copy.localTitle : copy.unavailableTitle}
            </h3>
            <p className="max-w-xl text-muted-foreground">
              {state === 'local' ? copy.localText : copy.unavailableText}
            </p>
          </div>
        ) : null}
      </div>

      <div className="mt-6 rounded-xl bg-muted p-4 sm:p-6">
        <h3 className="font-bold">{copy.fallbackHeading}</h3>
        <div className="mt-3 flex flex-col gap-3 sm:flex-row">
          <BookingButton variant="secondary" size="md">
            {copy.openFullCalendarLabel}
          </BookingButton>
          <AppLink to={paths.contact} className={cn(buttonVariants({ variant: 'secondary' }))}>
            <MessageCircle aria-hidden="true" />
            {copy.contactLabel}
          </AppLink>
        </div>
      </div>
    </section>
  );
}
