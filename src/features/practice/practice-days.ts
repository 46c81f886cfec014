// Calendar days as the listener lives them: their own time zone, weeks from Monday (UK), 'YYYY-MM-DD' strings
// so days compare and key without time-zone surprises.

/** The listener's calendar day of `at` (ms since the epoch), as 'YYYY-MM-DD'. */
export function localDay(at: number | Date): string {
  const date = at instanceof Date ? at : new Date(at);
  return isoDate(date.getFullYear(), date.getMonth(), date.getDate());
}

function isoDate(year: number, monthIndex: number, day: number): string {
  const normal = new Date(year, monthIndex, day);
  const mm = String(normal.getMonth() + 1).padStart(2, '0');
  const dd = String(normal.getDate()).padStart(2, '0');
  return `${normal.getFullYear()}-${mm}-${dd}`;
}

function parts(day: string): [number, number, number] {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return [y, m - 1, d];
}

/** `day` moved by `days` (negative: earlier). */
export function addDays(day: string, days: number): string {
  const [y, m, d] = parts(day);
  return isoDate(y, m, d + days);
}

/** The Monday of the week holding `day`. */
export function weekStart(day: string): string {
  const [y, m, d] = parts(day);
  const weekday = (new Date(y, m, d).getDay() + 6) % 7; // Monday 0 … Sunday 6
  return isoDate(y, m, d - weekday);
}

/** The first day of the month holding `day`. */
export function monthStart(day: string): string {
  const [y, m] = parts(day);
  return isoDate(y, m, 1);
}

/** Every day of the month holding `day`, in order. */
export function daysOfMonth(day: string): string[] {
  const [y, m] = parts(day);
  const count = new Date(y, m + 1, 0).getDate();
  return Array.from({ length: count }, (_, i) => isoDate(y, m, i + 1));
}

/** Monday 0 … Sunday 6. */
export function weekdayIndex(day: string): number {
  const [y, m, d] = parts(day);
  return (new Date(y, m, d).getDay() + 6) % 7;
}
