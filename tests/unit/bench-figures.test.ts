import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  figuresTable,
  pageFigures,
  README_MARKERS,
  replaceBetweenMarkers,
  REPORT_MARKERS,
} from '../../scripts/bench-figures';

// Vitest runs from the repository's root.
const read = (file: string) => readFileSync(file, 'utf8');

/** The lines between a file's markers. */
function between(text: string, markers: { start: string; end: string }): string[] {
  return text
    .slice(text.indexOf(markers.start) + markers.start.length, text.indexOf(markers.end))
    .split('\n');
}

describe('what a full `npm run bench` writes (scripts/bench-figures.ts)', () => {
  it('one row per figure, each with its date and its command', () => {
    const table = figuresTable(
      [
        { what: 'Initial JS', value: '82.0 KiB', command: 'npm run bench -- --no-lighthouse' },
        { what: 'Checkout', value: '12.6 ms', command: 'npx tsx scripts/bench-checkout.ts' },
      ],
      '2026-11-29',
    );
    expect(table).toEqual([
      '| figure | value | measured | command |',
      '| --- | --- | --- | --- |',
      '| Initial JS | 82.0 KiB | 2026-11-29 | `npm run bench -- --no-lighthouse` |',
      '| Checkout | 12.6 ms | 2026-11-29 | `npx tsx scripts/bench-checkout.ts` |',
    ]);
  });

  it("the pages' figures: initial JS against the budget, and each Lighthouse method's pages below 100", () => {
    const sizes = [
      { route: '/', gzipBytes: 83_968, marketing: true },
      { route: '/faq', gzipBytes: 86_835, marketing: true },
      { route: '/individual-audios', gzipBytes: 93_287, marketing: false },
    ];
    const perfect = { performance: 100, accessibility: 100, bestPractices: 100, seo: 100 };
    const figures = pageFigures(sizes, [
      {
        label: 'simulated',
        runs: 3,
        byRoute: new Map([
          ['/', { ...perfect, tbtMs: 14 }],
          ['/faq', { ...perfect, tbtMs: 20 }],
          ['/individual-audios', { ...perfect, performance: 98, tbtMs: 163 }],
        ]),
      },
      { label: 'devtools', runs: 3, byRoute: new Map([['/', { ...perfect, tbtMs: 0 }]]) },
    ]);
    expect(figures.map((f) => f.value)).toEqual([
      '82.0–84.8 KiB (largest /faq)',
      '/individual-audios 91.1 KiB',
      '100/100/100/100 except /individual-audios 98/100/100/100; TBT at most 163 ms (/individual-audios)',
      '100/100/100/100 on all 1 pages; TBT at most 0 ms (/)',
    ]);
    expect(figures[0]!.what).toBe('Initial JS, marketing pages (gzip; budget 100.0 KiB)');
    expect(figures.map((f) => f.command)).toEqual([
      'npm run bench -- --no-lighthouse',
      'npm run bench -- --no-lighthouse',
      'npm run bench',
      'npm run bench',
    ]);
    expect(pageFigures(sizes, [])).toHaveLength(2);
  });

  it('replaces only what is between the markers, the same way each time', () => {
    const text = `# Title\n\nBefore.\n\n${README_MARKERS.start}\nold\ntable\n${README_MARKERS.end}\n\nAfter.\n`;
    const once = replaceBetweenMarkers(text, README_MARKERS, ['new']);
    expect(once).toBe(
      `# Title\n\nBefore.\n\n${README_MARKERS.start}\nnew\n${README_MARKERS.end}\n\nAfter.\n`,
    );
    expect(replaceBetweenMarkers(once, README_MARKERS, ['new'])).toBe(once);
  });

  it('refuses a text without both markers in order', () => {
    expect(() => replaceBetweenMarkers('no markers', README_MARKERS, [])).toThrow(README_MARKERS.start);
    const reversed = `${README_MARKERS.end}\n${README_MARKERS.start}`;
    expect(() => replaceBetweenMarkers(reversed, README_MARKERS, [])).toThrow();
  });

  it("README.md's Performance section holds the figures table, every figure with the command that produces it", () => {
    const readme = read('README.md');
    expect(readme.split(README_MARKERS.start)).toHaveLength(2);
    expect(readme.split(README_MARKERS.end)).toHaveLength(2);
    expect(readme.indexOf(README_MARKERS.start)).toBeGreaterThan(readme.indexOf('## Performance'));
    const rows = between(readme, README_MARKERS).filter((line) => line.startsWith('|'));
    expect(rows.slice(0, 2)).toEqual(figuresTable([], '').slice(0, 2));
    expect(rows.length).toBeGreaterThan(2);
    for (const row of rows.slice(2)) {
      const cells = row.split(' | ');
      expect(cells, row).toHaveLength(4);
      expect(cells[2], row).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(cells[3], row).toMatch(/^`(npm run bench|npx tsx [\w/.-]+\.ts)[^`]*` \|$/);
    }
  });

  it('docs/performance.md has the place for the whole report', () => {
    const report = read('docs/performance.md');
    expect(report.split(REPORT_MARKERS.start)).toHaveLength(2);
    expect(report.indexOf(REPORT_MARKERS.end)).toBeGreaterThan(report.indexOf(REPORT_MARKERS.start));
  });
});
