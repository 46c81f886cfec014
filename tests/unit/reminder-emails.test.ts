// The reminder emails' contents (supabase/functions/send-reminders/message.ts, plain TypeScript that runs the
// same under Deno): the local time, the links, the intake link only while it is missing, the unsubscribe link
// in every step reminder, and nothing of what the client is being helped with.
import { describe, expect, it } from 'vitest';
import {
  appointmentReminderEmail,
  localTime,
  stepReminderEmail,
  usableTimeZone,
} from '../../supabase/functions/send-reminders/message.ts';

const base = {
  practiceName: 'Mindful Change Hypnotherapy',
  siteUrl: 'https://example.test',
  startsAt: new Date('2031-07-07T09:00:00Z'),
  timeZone: 'Europe/London',
  rescheduleUrl: 'https://calendly.example/reschedulings/1',
  cancelUrl: 'https://calendly.example/cancellations/1',
  intakeMissing: true,
};

describe('the appointment reminder', () => {
  it("gives the time in the client's zone, summer time included, and an unknown zone falls back to London", () => {
    expect(localTime(base.startsAt, 'Europe/London')).toBe('Monday 7 July 2031 at 10:00 (BST)');
    expect(localTime(base.startsAt, 'America/New_York')).toBe('Monday 7 July 2031 at 05:00 (GMT-4)');
    expect(usableTimeZone('Not/A_Zone')).toBe('Europe/London');
    expect(usableTimeZone(null)).toBe('Europe/London');
  });

  it('has the links, and the intake link only while the form is missing', () => {
    const missing = appointmentReminderEmail(base);
    expect(missing.text).toContain('https://example.test/account#intake');
    expect(missing.text).toContain(base.rescheduleUrl);
    expect(missing.text).toContain(base.cancelUrl);
    expect(missing.html).toContain('href="https://example.test/account#intake"');
    const sent = appointmentReminderEmail({ ...base, intakeMissing: false });
    expect(sent.text).not.toContain('#intake');
    expect(sent.html).not.toContain('#intake');
  });

  it('leaves out the scheduler links it was not given', () => {
    const email = appointmentReminderEmail({ ...base, rescheduleUrl: null, cancelUrl: null });
    expect(email.text).not.toMatch(/Reschedule|Cancel/);
  });
});

describe('the step reminder', () => {
  it('carries the unsubscribe link in text and HTML and names no programme', () => {
    const unsubscribeUrl = 'https://project.example/functions/v1/unsubscribe-reminders?u=1&t=abc';
    const email = stepReminderEmail({
      practiceName: base.practiceName,
      siteUrl: base.siteUrl,
      unsubscribeUrl,
    });
    expect(email.text).toContain(unsubscribeUrl);
    expect(email.html).toContain('unsubscribe-reminders?u=1&#38;t=abc');
    expect(email.text).toContain('https://example.test/account#from-your-practitioner');
  });
});
