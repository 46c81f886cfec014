// The product editor's Length field: minutes and seconds as typed ('12:30', '1:05:00' or '45' for whole
// minutes) to and from the catalogue's duration_seconds.

/** Seconds from '12:30', '1:05:00' or '45' (minutes); null for an empty field; NaN when it cannot be read. */
export function parseLength(input: string): number | null {
  const text = input.trim();
  if (!text) return null;
  const minutesOnly = /^(\d{1,3})$/.exec(text);
  if (minutesOnly) return Number(minutesOnly[1]) * 60 || Number.NaN;
  const parts = /^(?:(\d{1,2}):)?(\d{1,3}):([0-5]\d)$/.exec(text);
  if (!parts) return Number.NaN;
  const seconds = Number(parts[1] ?? 0) * 3600 + Number(parts[2]) * 60 + Number(parts[3]);
  return seconds > 0 ? seconds : Number.NaN;
}

/** '12:30' (or '1:05:00' from an hour); '' for no length. */
export function formatLength(seconds: number | null): string {
  if (seconds === null) return '';
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = String(seconds % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${rest}` : `${minutes}:${rest}`;
}
