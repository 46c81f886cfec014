import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// The repository stands alone (docs/README.md): a comment or document may cite only documents that are in the
// repository. The product rules are in docs/product-rules.md, the architecture in docs/architecture.md, the
// decisions in docs/decisions/.

const scannedFolders = ['src', 'supabase', 'scripts', 'e2e', 'tests', 'docs', 'build'];
const scannedRootFiles = [
  'README.md',
  'index.html',
  'vite.config.ts',
  'vitest.config.ts',
  'playwright.config.ts',
  'eslint.config.js',
  'tailwind.config.ts',
  '.ci/run',
];

/** Citations of documents kept outside the repository (the product team's shared folder). */
const outsideCitations: readonly { name: string; pattern: RegExp }[] = [
  { name: 'a section of the outside spec', pattern: /spec §/i },
  { name: 'the outside product decisions', pattern: /PRODUCT\.md/ },
  { name: 'the outside architecture', pattern: /ARCHITECTURE\.md/ },
  { name: 'a numbered finding of an outside review', pattern: /\bfinding \d+/i },
  { name: 'the shared folder', pattern: /\.\.\/shared/ },
  { name: 'the outside spec', pattern: /product-spec/ },
];

/** A repository path under docs/ (not part of a URL such as https://supabase.com/docs/…). */
const docsPathPattern = /(?<![\w./-])docs\/[\w./-]*[\w/]/g;

/** Every text file of the scanned places that git tracks or would track (gitignored data folders excluded). */
function scannedFiles(): string[] {
  const listed = execFileSync(
    'git',
    ['ls-files', '--cached', '--others', '--exclude-standard', '--', ...scannedFolders, ...scannedRootFiles],
    { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  return listed.split('\n').filter((file) => file !== '' && existsSync(file));
}

function textOf(file: string): string | null {
  const bytes = readFileSync(file);
  return bytes.includes(0) ? null : bytes.toString('utf8');
}

interface Citation {
  file: string;
  line: number;
  text: string;
}

function findCitations(files: readonly string[], match: (line: string) => string[]): Citation[] {
  const found: Citation[] = [];
  for (const file of files) {
    const text = textOf(file);
    if (text === null) continue;
    text.split('\n').forEach((line, index) => {
      for (const cited of match(line)) found.push({ file, line: index + 1, text: cited });
    });
  }
  return found;
}

describe('the repository stands alone', () => {
  const files = scannedFiles();
  const thisFile = 'tests/unit/repo-stands-alone.test.ts';

  it('scans the source, tests, scripts and docs', () => {
    expect(files).toContain('src/main.tsx');
    expect(files).toContain('README.md');
    expect(files).toContain('docs/product-rules.md');
    expect(files).toContain(thisFile);
  });

  it('cites no document outside the repository', () => {
    const cited = findCitations(
      files.filter((file) => file !== thisFile),
      (line) =>
        outsideCitations
          .filter(({ pattern }) => pattern.test(line))
          .map(({ name }) => `${name}: ${line.trim()}`),
    );
    expect(cited).toEqual([]);
  });

  it('cites only docs/ paths that exist', () => {
    const cited = findCitations(
      files.filter((file) => file !== thisFile),
      (line) =>
        [...line.matchAll(docsPathPattern)]
          .map(([path]) => path.replace(/\/$/, ''))
          .filter((path) => !existsSync(path)),
    );
    expect(cited).toEqual([]);
  });

  it('recognises each kind of outside citation and a missing docs/ path', () => {
    const samples = [
      '(Spec §2)',
      'PRODUCT.md "Prices"',
      'ARCHITECTURE.md',
      '(finding 3)',
      '../shared/x',
      'product-spec',
    ];
    samples.forEach((sample, index) =>
      expect(outsideCitations[index]?.pattern.test(sample), sample).toBe(true),
    );
    expect([...'see docs/no-such-file.md.'.matchAll(docsPathPattern)].map(([path]) => path)).toEqual([
      'docs/no-such-file.md',
    ]);
    expect([...'https://supabase.com/docs/guides/auth'.matchAll(docsPathPattern)]).toEqual([]);
  });
});
