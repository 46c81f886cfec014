const MAX_FILE_STEM = 120;

/**
 * A file name for a downloaded audio from its title: characters no file system accepts (and control
 * characters) removed, spaces collapsed, no leading or trailing dots, a sane length, and `.mp3`.
 */
export function audioFileName(title: string): string {
  const stem = title
    .normalize('NFC')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f<>:"/\\|?*]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^[. ]+/, '')
    .replace(/[. ]+$/, '')
    .slice(0, MAX_FILE_STEM)
    .trim();
  return `${stem || 'audio'}.mp3`;
}

/** YYYY-MM-DD of a moment, in UTC (file names). */
export function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}
