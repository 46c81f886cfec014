import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';

// axe-core (WCAG 2.1 A/AA) for every spec that scans a page. Evaluated through the DevTools protocol rather than
// added as a <script>: the site's CSP (kept on, so the scan sees the real page) rightly blocks inline scripts it
// has no hash for.

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[]; failureSummary?: string }[];
}

export interface AxeScanOptions {
  /** Rules run in addition to the tagged ones (axe's documented combination), e.g. AAA contrast. */
  alsoRules?: string[];
  /** CSS selectors of parts another scan covers. */
  exclude?: string[];
}

/** Runs axe on the page as it is now. */
export async function scanWithAxe(page: Page, { alsoRules = [], exclude = [] }: AxeScanOptions = {}) {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  // Fonts decide text size and so the contrast thresholds (large text); wait for them.
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  const options = {
    runOnly: { type: 'tag', values: TAGS },
    // Only violations are read: axe then skips building selectors and summaries for the passes, incomplete
    // and inapplicable results (its documented speed-up for large pages). Which rules run is unchanged.
    resultTypes: ['violations'],
    rules: Object.fromEntries(alsoRules.map((rule) => [rule, { enabled: true }])),
  };
  return page.evaluate(
    async ({ runOptions, excluded }) => {
      const axe = (
        window as unknown as {
          axe: { run: (context: object, options: object) => Promise<{ violations: unknown[] }> };
        }
      ).axe;
      const context = excluded.length ? { exclude: excluded.map((selector) => [selector]) } : document;
      const result = await axe.run(context, runOptions);
      return result.violations as AxeViolation[];
    },
    { runOptions: options, excluded: exclude },
  );
}

/** One readable entry per failing element: rule, impact, help, target and axe's summary. */
export function describeViolations(violations: AxeViolation[]): string[] {
  return violations.flatMap((violation) =>
    violation.nodes.map(
      (node) =>
        `${violation.id} (${violation.impact ?? 'n/a'}): ${violation.help}\n    at ${node.target.join(' ')}\n    ${(node.failureSummary ?? '').replace(/\n/g, '\n    ')}`,
    ),
  );
}

/** The page's violations as readable entries: an empty list when the page is clean. */
export async function axeProblems(page: Page, options?: AxeScanOptions): Promise<string[]> {
  return describeViolations(await scanWithAxe(page, options));
}
