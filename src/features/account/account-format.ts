import { formatPence } from '@/lib/format';

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

/** £2.99 from pounds (a purchase's price), without floating-point pennies. */
export function formatPounds(pounds: number): string {
  return formatPence(Math.round(pounds * 100));
}

const MAX_FILE_STEM = 120;

/**
 * A file name for a downloaded audio from its title: characters no file system accepts (and control
 * characters) removed, spaces collapsed, no leading dots, a sane length, and `.mp3`.
 */
export function audioFileName(title: string): string {
  const stem = title
    .normalize('NFC')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f<>:"/\\|?*]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '')
    .replace(/[. ]+$/, '')
    .slice(0, MAX_FILE_STEM)
    .trim();
  return `${stem || 'audio'}.mp3`;
}

/** YYYY-MM-DD of a moment, in UTC (file names). */
export function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}
