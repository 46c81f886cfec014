// The email the day before an appointment (docs/intake-and-reminders.md). It gives the time in the client's
// own time zone, how to join as the practice states it (the secure video link comes with the booking
// confirmation: src/content/faq-entries.ts), the scheduler's reschedule and cancel links, and the intake link
// while the intake is not in. It never holds an intake answer or what the client is being helped with
// (docs/product-rules.md D26 "Health data"): email is not private.

export type ReminderEmail = { subject: string; html: string; text: string };

const FALLBACK_ZONE = 'Europe/London';

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A zone the runtime knows, else the practice's own. */
export function usableTimeZone(zone: string | null | undefined): string {
  if (!zone) return FALLBACK_ZONE;
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: zone });
    return zone;
  } catch {
    return FALLBACK_ZONE;
  }
}

/** e.g. "Tuesday 7 January 2031 at 10:00 (GMT)" in the given zone. */
export function localTime(startsAt: Date, zone: string): string {
  const timeZone = usableTimeZone(zone);
  // Built from parts: ICU versions differ on the comma after the weekday.
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZoneName: 'short',
  }).formatToParts(startsAt);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const day = `${part('weekday')} ${part('day')} ${part('month')} ${part('year')}`;
  return `${day} at ${part('hour')}:${part('minute')} (${part('timeZoneName')})`;
}

export function appointmentReminderEmail(options: {
  practiceName: string;
  siteUrl: string;
  startsAt: Date;
  timeZone: string;
  rescheduleUrl: string | null;
  cancelUrl: string | null;
  intakeMissing: boolean;
}): ReminderEmail {
  const { practiceName, siteUrl, startsAt, timeZone, rescheduleUrl, cancelUrl, intakeMissing } = options;
  const when = localTime(startsAt, timeZone);
  const intakeLink = `${siteUrl}/account#intake`;
  const subject = `Reminder: your appointment with ${practiceName} tomorrow`;
  const join =
    'Your appointment is by secure video: join with the link in your booking confirmation email, a few minutes early, somewhere quiet where you will not be disturbed.';
  const intake =
    'Before we meet, please fill in your health form (it takes about ten minutes). Sign in to open it:';
  const lines = [
    'Hello,',
    '',
    `This is a reminder of your appointment with ${practiceName}: ${when}.`,
    '',
    join,
    ...(intakeMissing ? ['', intake, intakeLink] : []),
    ...(rescheduleUrl ? ['', `Need another time? Reschedule: ${rescheduleUrl}`] : []),
    ...(cancelUrl ? ['', `Cannot come? Cancel: ${cancelUrl}`] : []),
    '',
  ];
  const link = (href: string, label: string) => `<a href="${escapeHtml(href)}">${escapeHtml(label)}</a>`;
  const html = `<!doctype html><html lang="en-GB"><body style="font-family:sans-serif;line-height:1.5">
<p>Hello,</p>
<p>This is a reminder of your appointment with ${escapeHtml(practiceName)}: <strong>${escapeHtml(when)}</strong>.</p>
<p>${escapeHtml(join)}</p>
${intakeMissing ? `<p>${escapeHtml(intake)} ${link(intakeLink, 'Fill in your health form')}</p>` : ''}
${rescheduleUrl ? `<p>Need another time? ${link(rescheduleUrl, 'Reschedule')}</p>` : ''}
${cancelUrl ? `<p>Cannot come? ${link(cancelUrl, 'Cancel the appointment')}</p>` : ''}
</body></html>`;
  return { subject, html, text: lines.join('\n') };
}

/**
 * The email on the day a programme step opens, for a client who switched these on. It names no programme or
 * recording (what someone practises can reveal a health condition) and always carries the unsubscribe link.
 */
export function stepReminderEmail(options: {
  practiceName: string;
  siteUrl: string;
  unsubscribeUrl: string;
}): ReminderEmail {
  const { practiceName, siteUrl, unsubscribeUrl } = options;
  const link = `${siteUrl}/account#from-your-practitioner`;
  const subject = 'A new step of your programme is open today';
  const body = `A new step of the programme your practitioner at ${practiceName} gave you is open today.`;
  const stop = 'You get this email because you switched on step reminders in My Account. Stop them:';
  const text = ['Hello,', '', body, 'Open My Account to listen:', link, '', stop, unsubscribeUrl, ''].join(
    '\n',
  );
  const html = `<!doctype html><html lang="en-GB"><body style="font-family:sans-serif;line-height:1.5">
<p>Hello,</p>
<p>${escapeHtml(body)}</p>
<p><a href="${escapeHtml(link)}">Open My Account to listen</a></p>
<p style="font-size:0.9em">${escapeHtml(stop)} <a href="${escapeHtml(unsubscribeUrl)}">Unsubscribe from step reminders</a></p>
</body></html>`;
  return { subject, html, text };
}
