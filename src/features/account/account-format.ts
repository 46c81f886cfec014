const dateFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Europe/London',
});

/** 23 November 2026: a YYYY-MM-DD day or a timestamp, as a UK reader writes it. */
export function formatDateGB(value: string): string {
  // A bare day is that day wherever the reader is: read it at midday UTC so no time zone moves it.
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T12:00:00Z` : value);
  return Number.isNaN(date.getTime()) ? value : dateFormat.format(date);
}

const dateTimeFormat = new Intl.DateTimeFormat('en-GB', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Europe/London',
});

/** Monday 7 January 2030 at 10:00: an appointment's start, in the practice's time (UK). */
export function formatDateTimeGB(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : dateTimeFormat.format(date);
}
