// What a full `npm run bench` writes into the repository: the short table of current figures in README.md's
// "Performance" section (one row per figure, with the command that measures it alone), and the whole report in
// docs/performance.md. Each goes between its file's markers; the rest of the file is left as it is.

/** One row of README.md's figures table. */
export interface Figure {
  /** What was measured, e.g. 'Initial JS, marketing pages (gzip; budget 90 KiB)'. */
  what: string;
  value: string;
  /** The command that measures this figure (alone where a script can). */
  command: string;
}

/** A report section: its Markdown lines (docs/performance.md) and the figures it gives README.md. */
export interface BenchSection {
  lines: string[];
  figures: Figure[];
}

export const README_MARKERS = { start: '<!-- bench:start -->', end: '<!-- bench:end -->' } as const;
export const REPORT_MARKERS = {
  start: '<!-- bench-report:start -->',
  end: '<!-- bench-report:end -->',
} as const;

/** README.md's table: every figure of one run, all measured on `date` (YYYY-MM-DD). */
export function figuresTable(figures: readonly Figure[], date: string): string[] {
  return [
    '| figure | value | measured | command |',
    '| --- | --- | --- | --- |',
    ...figures.map((f) => `| ${f.what} | ${f.value} | ${date} | \`${f.command}\` |`),
  ];
}

/** `text` with the lines between its markers replaced by `lines`; throws when the markers are missing. */
export function replaceBetweenMarkers(
  text: string,
  markers: { start: string; end: string },
  lines: readonly string[],
): string {
  const start = text.indexOf(markers.start);
  const end = text.indexOf(markers.end);
  if (start < 0 || end < start) throw new Error(`no ${markers.start} … ${markers.end} section`);
  return `${text.slice(0, start + markers.start.length)}\n${lines.join('\n')}\n${text.slice(end)}`;
}
