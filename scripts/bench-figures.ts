// What a full `npm run bench` writes into the repository: the short table of current figures in README.md's
// "Performance" section (one row per figure, with the command that measures it alone), and the whole report in
// docs/performance.md. Each goes between its file's markers; the rest of the file is left as it is.
import { initialJsBudgetBytes, type PageSize } from './bench-budget';

/** One row of README.md's figures table. */
export interface Figure {
  /** What was measured, e.g. 'Initial JS, marketing pages (gzip; budget 100 KiB)'. */
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

/** A page's Lighthouse scores (the median of its runs) as the figures use them. */
export interface PageScores {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  tbtMs: number;
}

const kib = (bytes: number) => (bytes / 1024).toFixed(1);
const scoreCells = (s: PageScores) => `${s.performance}/${s.accessibility}/${s.bestPractices}/${s.seo}`;

/**
 * The pages' figures: the marketing pages' initial JS against the budget, the other pages', and per Lighthouse
 * method the pages below 100 anywhere (or that none is) and the highest TBT.
 */
export function pageFigures(
  sizes: readonly PageSize[],
  lighthouse: readonly { label: string; runs: number; byRoute: ReadonlyMap<string, PageScores> }[],
): Figure[] {
  const marketing = sizes.filter((s) => s.marketing);
  const others = sizes.filter((s) => !s.marketing);
  const figures: Figure[] = [];
  if (marketing.length > 0) {
    const largest = marketing.reduce((a, b) => (b.gzipBytes > a.gzipBytes ? b : a));
    const smallest = Math.min(...marketing.map((s) => s.gzipBytes));
    figures.push({
      what: `Initial JS, marketing pages (gzip; budget ${kib(initialJsBudgetBytes)} KiB)`,
      value: `${kib(smallest)}–${kib(largest.gzipBytes)} KiB (largest ${largest.route})`,
      command: 'npm run bench -- --no-lighthouse',
    });
  }
  if (others.length > 0)
    figures.push({
      what: 'Initial JS, the other prerendered pages (not held to the budget)',
      value: others.map((s) => `${s.route} ${kib(s.gzipBytes)} KiB`).join(', '),
      command: 'npm run bench -- --no-lighthouse',
    });
  for (const { label, runs, byRoute } of lighthouse) {
    const measured = [...byRoute].map(([route, score]) => ({ route, score }));
    if (measured.length === 0) continue;
    const below = measured.filter((m) => scoreCells(m.score) !== '100/100/100/100');
    const tbt = measured.reduce((a, b) => (b.score.tbtMs > a.score.tbtMs ? b : a));
    const scores =
      below.length === 0
        ? `100/100/100/100 on all ${measured.length} pages`
        : `100/100/100/100 except ${below.map((m) => `${m.route} ${scoreCells(m.score)}`).join(', ')}`;
    figures.push({
      what: `Lighthouse mobile, ${label} (Perf/A11y/BP/SEO, median of ${runs})`,
      value: `${scores}; TBT at most ${tbt.score.tbtMs} ms (${tbt.route})`,
      command: 'npm run bench',
    });
  }
  return figures;
}
