import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { installBookingPrefill } from '@/features/booking/booking-prefill';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { site } from '@/config/site';
import { BookingCalendar } from '@/features/booking/booking-calendar';
import { bookingUrl, embedBookingUrl } from '@/features/booking/booking-url';
import { CONSENT_CHANGED_EVENT, COOKIE_PREFERENCES_KEY } from '@/features/booking/functional-consent';
import type { InlineWidgetOptions } from '@/features/booking/scheduler-embed';
import { AUTH_STORAGE_KEY } from '@/lib/supabase';

const SRC = site.scheduler.embedScriptUrl;

function schedulerScripts() {
  return Array.from(document.scripts).filter((script) => script.getAttribute('src') === SRC);
}

function renderCalendar() {
  return render(
    <MemoryRouter>
      <BookingCalendar />
    </MemoryRouter>,
  );
}

/** A stand-in for the scheduler's global: records calls and puts an iframe where the widget would be. */
function fakeScheduler() {
  const initInlineWidget = vi.fn((options: InlineWidgetOptions) => {
    const frame = document.createElement('iframe');
    frame.title = 'Select a Date & Time';
    options.parentElement.appendChild(frame);
  });
  window.Calendly = { initInlineWidget };
  return initInlineWidget;
}

async function fire(script: HTMLScriptElement, type: 'load' | 'error') {
  await act(async () => {
    script.dispatchEvent(new Event(type));
  });
}

function grantConsent(functional: boolean) {
  localStorage.setItem(
    COOKIE_PREFERENCES_KEY,
    JSON.stringify({ essential: true, functional, analytics: false }),
  );
}

function expectFallbacks() {
  const fullCalendar = screen.getByRole('link', { name: /Open Full Calendar/ });
  expect(fullCalendar).toHaveAttribute('href', bookingUrl());
  expect(fullCalendar).toHaveAttribute('target', '_blank');
  expect(fullCalendar).toHaveAttribute('rel', 'noopener');
  expect(screen.getByRole('link', { name: /Contact Directly/ })).toHaveAttribute('href', '/contact');
}

beforeEach(() => {
  localStorage.clear();
  delete window.Calendly;
  schedulerScripts().forEach((script) => script.remove());
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('BookingCalendar', () => {
  it('without functional consent explains the cookies, loads nothing, and keeps the fallbacks', () => {
    renderCalendar();
    expect(screen.getByText(/sets its own cookies, including third-party cookies/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Load calendar' })).toBeInTheDocument();
    expect(schedulerScripts()).toHaveLength(0);
    expect(screen.queryByText('Loading calendar...')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'View Available Times' })).not.toBeInTheDocument();
    expectFallbacks();
  });

  it("after 'Load calendar' adds the script, shows loading, then the widget and 'View Available Times'", async () => {
    const user = userEvent.setup();
    renderCalendar();
    await user.click(screen.getByRole('button', { name: 'Load calendar' }));

    expect(schedulerScripts()).toHaveLength(1);
    expect(screen.getByText('Loading calendar...')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'View Available Times' })).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Booking calendar' })).toHaveFocus();

    const init = fakeScheduler();
    await fire(schedulerScripts()[0]!, 'load');

    expect(screen.queryByText('Loading calendar...')).not.toBeInTheDocument();
    expect(init).toHaveBeenCalledTimes(1);
    const options = init.mock.calls[0]![0];
    expect(options.url).toBe(embedBookingUrl(window.location.host));
    expect(options.parentElement).toBe(screen.getByTestId('scheduler-widget'));

    await user.click(screen.getByRole('button', { name: 'View Available Times' }));
    expect(within(screen.getByTestId('scheduler-widget')).getByTitle('Select a Date & Time')).toHaveFocus();
    expectFallbacks();
  });

  it("prefills a signed-in customer's name and email in the calendar it loads, and in the new-tab link when followed", async () => {
    grantConsent(true);
    localStorage.setItem(
      AUTH_STORAGE_KEY,
      JSON.stringify({ user: { email: 'signed.in@example.com', user_metadata: { full_name: " Ann O'Neil " } } }),
    );
    renderCalendar();
    const fullCalendar = screen.getByRole('link', { name: /Open Full Calendar/ });
    // Nothing about the customer is in the page before they act.
    expect(fullCalendar).toHaveAttribute('href', bookingUrl());
    const init = fakeScheduler();
    await fire(schedulerScripts()[0]!, 'load');
    const embedded = new URL(init.mock.calls[0]![0].url).searchParams;
    expect(embedded.get('email')).toBe('signed.in@example.com');
    expect(embedded.get('name')).toBe("Ann O'Neil");
    // The app shell's one delegated listener (root-layout.tsx) prefills booking links as they are followed.
    const uninstall = installBookingPrefill();
    try {
      fullCalendar.addEventListener('click', (event) => event.preventDefault());
      fireEvent.click(fullCalendar);
      const followed = new URL(fullCalendar.getAttribute('href')!).searchParams;
      expect(followed.get('email')).toBe('signed.in@example.com');
      expect(followed.get('name')).toBe("Ann O'Neil");
    } finally {
      uninstall();
    }
  });

  it('prefills only the email when the stored name is absent or invalid', async () => {
    grantConsent(true);
    localStorage.setItem(
      AUTH_STORAGE_KEY,
      JSON.stringify({ user: { email: 'signed.in@example.com', user_metadata: { full_name: 'a'.repeat(101) } } }),
    );
    renderCalendar();
    const fullCalendar = screen.getByRole('link', { name: /Open Full Calendar/ });
    const init = fakeScheduler();
    await fire(schedulerScripts()[0]!, 'load');
    const embedded = new URL(init.mock.calls[0]![0].url).searchParams;
    expect(embedded.get('email')).toBe('signed.in@example.com');
    expect(embedded.has('name')).toBe(false);
    const uninstall = installBookingPrefill();
    try {
      fullCalendar.addEventListener('click', (event) => event.preventDefault());
      fireEvent.click(fullCalendar);
      const followed = new URL(fullCalendar.getAttribute('href')!).searchParams;
      expect(followed.get('email')).toBe('signed.in@example.com');
      expect(followed.has('name')).toBe(false);
    } finally {
      uninstall();
    }
  });

  it('with functional consent stored, loads straight away', async () => {
    grantConsent(true);
    renderCalendar();
    expect(screen.queryByRole('button', { name: 'Load calendar' })).not.toBeInTheDocument();
    expect(screen.getByText('Loading calendar...')).toBeInTheDocument();
    expect(schedulerScripts()).toHaveLength(1);
    fakeScheduler();
    await fire(schedulerScripts()[0]!, 'load');
    expect(screen.getByRole('button', { name: 'View Available Times' })).toBeInTheDocument();
  });

  it('stays gated when the stored preferences refuse functional cookies, and follows a later change', async () => {
    grantConsent(false);
    renderCalendar();
    expect(screen.getByRole('button', { name: 'Load calendar' })).toBeInTheDocument();
    expect(schedulerScripts()).toHaveLength(0);

    grantConsent(true);
    await act(async () => {
      window.dispatchEvent(new Event(CONSENT_CHANGED_EVENT));
    });
    expect(screen.getByText('Loading calendar...')).toBeInTheDocument();
    expect(schedulerScripts()).toHaveLength(1);
  });

  it('on a script error only warns in the console and offers the booking page in a new tab', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    grantConsent(true);
    renderCalendar();
    await fire(schedulerScripts()[0]!, 'error');

    expect(warn).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('Loading calendar...')).not.toBeInTheDocument();
    const viewTimes = screen.getByRole('link', { name: /View Available Times/ });
    expect(viewTimes).toHaveAttribute('href', bookingUrl());
    expect(viewTimes).toHaveAttribute('target', '_blank');
    expect(viewTimes).toHaveAttribute('rel', 'noopener');
    expectFallbacks();
  });

  it('treats a script that loads without the scheduler global as unavailable', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    grantConsent(true);
    renderCalendar();
    await fire(schedulerScripts()[0]!, 'load');
    expect(warn).toHaveBeenCalled();
    expect(screen.getByRole('link', { name: /View Available Times/ })).toHaveAttribute('href', bookingUrl());
  });

  it('adds the script once across mounts and reuses one already on the page', async () => {
    const existing = document.createElement('script');
    existing.src = SRC;
    document.head.appendChild(existing);
    grantConsent(true);
    const first = renderCalendar();
    first.unmount();
    renderCalendar();
    renderCalendar();
    expect(schedulerScripts()).toEqual([existing]);

    const init = fakeScheduler();
    await fire(existing, 'load');
    expect(screen.getAllByRole('button', { name: 'View Available Times' })).toHaveLength(2);
    expect(init).toHaveBeenCalledTimes(2);
  });

  it('uses the scheduler when it is already on the page, without adding a script', async () => {
    const init = fakeScheduler();
    grantConsent(true);
    renderCalendar();
    expect(await screen.findByRole('button', { name: 'View Available Times' })).toBeInTheDocument();
    expect(schedulerScripts()).toHaveLength(0);
    expect(init).toHaveBeenCalledTimes(1);
  });

  it('accepts the booked message from the scheduler origin only', async () => {
    grantConsent(true);
    renderCalendar();
    fakeScheduler();
    await fire(schedulerScripts()[0]!, 'load');
    const post = (origin: string) =>
      act(async () => {
        window.dispatchEvent(
          new MessageEvent('message', { origin, data: { event: 'calendly.event_scheduled' } }),
        );
      });

    await post('https://evil.example');
    expect(screen.queryByText(/your appointment is booked/)).not.toBeInTheDocument();
    await post('https://calendly.com');
    expect(screen.getByText(/your appointment is booked/)).toBeInTheDocument();
  });
});
