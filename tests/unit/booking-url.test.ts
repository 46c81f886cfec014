import { describe, expect, it } from 'vitest';
import { site } from '@/config/site';
import {
  bookingUrl,
  embedBookingUrl,
  isValidSchedulerUsername,
  schedulerProfileUrl,
  withBookingPrefill,
} from '@/features/booking/booking-url';

describe('bookingUrl', () => {
  it("points at the configured username's 50-minute page by default", () => {
    expect(bookingUrl()).toBe(`https://calendly.com/${site.scheduler.username}/50min`);
    expect(bookingUrl()).toBe(site.scheduler.bookingUrl);
  });

  it('builds the 50-minute page of another username, trimmed', () => {
    expect(bookingUrl('dr_jane-smith2')).toBe('https://calendly.com/dr_jane-smith2/50min');
    expect(bookingUrl('  jane  ')).toBe('https://calendly.com/jane/50min');
  });

  it.each(['', '   ', 'jane/other', '../admin', 'jane?x=1', 'jane smith', 'jané', 'https://evil.example'])(
    'refuses the username %j',
    (username) => {
      expect(() => bookingUrl(username)).toThrow(/Invalid scheduler username/);
      expect(isValidSchedulerUsername(username)).toBe(false);
    },
  );

  it('accepts letters, digits, hyphens and underscores', () => {
    expect(isValidSchedulerUsername('Abc-123_x')).toBe(true);
  });

  it('gives the profile page without the event type', () => {
    expect(schedulerProfileUrl('jane')).toBe('https://calendly.com/jane');
    expect(schedulerProfileUrl()).toBe(site.scheduler.profileUrl);
  });
});

describe('embedBookingUrl', () => {
  it('adds the embed parameters to the 50-minute page', () => {
    const url = new URL(embedBookingUrl('practice.example:4173'));
    expect(`${url.origin}${url.pathname}`).toBe(bookingUrl());
    expect(url.searchParams.get('hide_gdpr_banner')).toBe('1');
    expect(url.searchParams.get('embed_domain')).toBe('practice.example:4173');
    expect(url.searchParams.get('primary_color')).toBe('6d28d9');
  });

  it('refuses an invalid username', () => {
    expect(() => embedBookingUrl('localhost', 'a/b')).toThrow();
  });
});

describe('withBookingPrefill', () => {
  it("adds the customer's name and email as the scheduler's query parameters, encoded, keeping the others", () => {
    const url = withBookingPrefill(embedBookingUrl('example.co.uk'), {
      name: "Ann O'Neil",
      email: 'ann+1@example.com',
    });
    const params = new URL(url).searchParams;
    expect(params.get('name')).toBe("Ann O'Neil");
    expect(params.get('email')).toBe('ann+1@example.com');
    expect(params.get('embed_domain')).toBe('example.co.uk');
    expect(url).toContain('email=ann%2B1%40example.com');
  });

  it('leaves the URL as it is when nothing is known', () => {
    expect(withBookingPrefill(bookingUrl(), null)).toBe(bookingUrl());
    expect(withBookingPrefill(bookingUrl(), { name: ' ', email: null })).toBe(bookingUrl());
    expect(embedBookingUrl('example.co.uk')).not.toContain('email=');
  });
});
