import { site } from '@/config/site';

// Links to the external scheduler (docs/reference/scheduler-and-payments.md). One place builds them, so every
// booking button, the embedded calendar and the admin shortcut agree on the 50-minute page.

const USERNAME_PATTERN = /^[A-Za-z0-9_-]+$/;

/** Letters, digits, '-' and '_' only: anything else could escape the scheduler's path. */
export function isValidSchedulerUsername(username: string): boolean {
  return USERNAME_PATTERN.test(username.trim());
}

/** The scheduler's 50-minute booking page for a username (docs/product-rules.md §7: {username}/50min). */
export function bookingUrl(username: string = site.scheduler.username): string {
  const clean = username.trim();
  if (!isValidSchedulerUsername(clean)) {
    throw new Error(`Invalid scheduler username: "${username}"`);
  }
  return `${site.scheduler.base}/${clean}/50min`;
}

/** What the scheduler's booking form is prefilled with (its `name` and `email` query parameters). */
export interface BookingPrefill {
  name?: string | null;
  email?: string | null;
}

/**
 * A booking URL with the signed-in customer's name and email, so they need not retype them. Only called when
 * the visitor acts (a click on a booking link, the calendar they asked for or consented to), so nothing about
 * them reaches the scheduler before.
 */
export function withBookingPrefill(url: string, prefill: BookingPrefill | null): string {
  const name = prefill?.name?.trim();
  const email = prefill?.email?.trim();
  if (!name && !email) return url;
  const prefilled = new URL(url);
  if (name) prefilled.searchParams.set('name', name);
  if (email) prefilled.searchParams.set('email', email);
  return prefilled.toString();
}

/** The scheduler's profile page (all event types) for a username. */
export function schedulerProfileUrl(username: string = site.scheduler.username): string {
  return bookingUrl(username).replace(/\/50min$/, '');
}

/** Theme colour of the embedded calendar: the site's primary, as a hex without '#'. */
const EMBED_PRIMARY_COLOR = site.themeColor.replace(/^#/, '');

/**
 * The URL the inline widget loads: the 50-minute page without the scheduler's own cookie banner (consent is
 * asked on this site first), themed, and with `embed_domain` so the widget can message this page.
 */
export function embedBookingUrl(
  host: string,
  username: string = site.scheduler.username,
  prefill: BookingPrefill | null = null,
): string {
  const params = new URLSearchParams({
    hide_gdpr_banner: '1',
    embed_domain: host,
    primary_color: EMBED_PRIMARY_COLOR,
  });
  return withBookingPrefill(`${bookingUrl(username)}?${params.toString()}`, prefill);
}
