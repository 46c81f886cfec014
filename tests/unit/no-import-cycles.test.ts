import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// No import cycles (docs/architecture.md "Layout"), type-only imports included: ESLint's import-x/no-cycle
// (eslint.config.js) skips `import type`, and a type cycle still ties two modules into one. A type both sides
// need lives in a small module of its own.

const scanned = ['src', 'supabase/local', 'supabase/functions', 'scripts'];

function sourceFiles(): string[] {
  const listed = execFileSync(
    'git',
    ['ls-files', '--cached', '--others', '--exclude-standard', '--', ...scanned],
    {
      encoding: 'utf8',
    },
  );
  return listed.split('\n').filter((file) => /\.tsx?$/.test(file) && existsSync(file));
}

/** The repository file an import specifier names, or null for a package. */
function resolveImport(from: string, specifier: string): string | null {
  let base: string;
  if (specifier.startsWith('@/')) base = join('src', specifier.slice(2));
  else if (specifier.startsWith('.')) base = normalize(join(dirname(from), specifier));
  else return null;
  const candidates = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')];
  // `./x.js` naming the TypeScript file `x.ts` (Node-style ESM specifiers).
  if (/\.js$/.test(base)) candidates.push(base.replace(/\.js$/, '.ts'), base.replace(/\.js$/, '.tsx'));
  return candidates.find((path) => /\.tsx?$/.test(path) && existsSync(path)) ?? null;
}

function importGraph(files: readonly string[]): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const targets = importedFiles
      .map(({ fileName }) => resolveImport(file, fileName))
      .filter((target): target is string => target !== null && target !== file);
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** The strongly connected components with more than one module (Tarjan's algorithm): each one is a cycle. */
function cycles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, next);
    low.set(node, next);
    next += 1;
    stack.push(node);
    onStack.add(node);
    for (const target of graph.get(node) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(node, Math.min(low.get(node)!, low.get(target)!));
      } else if (onStack.has(target)) {
        low.set(node, Math.min(low.get(node)!, index.get(target)!));
      }
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

describe('imports', () => {
  it('form no cycle, type-only imports included', () => {
    const files = sourceFiles();
    expect(files).toContain('src/main.tsx');
    expect(cycles(importGraph(files))).toEqual([]);
  });

  it('finds a cycle through a type-only import', () => {
    const graph = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['a.ts']],
      ['c.ts', ['a.ts']],
    ]);
    expect(cycles(graph)).toEqual([['a.ts', 'b.ts']]);
    expect(ts.preProcessFile("import type { A } from './a';", true, true).importedFiles[0]?.fileName).toBe(
      './a',
    );
  });
});
