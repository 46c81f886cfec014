import { cpus, loadavg } from 'node:os';
import { expect } from 'vitest';

/**
 * How many times slower than an idle machine this one runs now (1 when idle): the run-queue length per core.
 * Time limits in these tests are stated for an idle machine and stretched by this factor, so a test machine
 * shared with other work cannot fail them alone, while a stack held for seconds still fails them.
 */
export function machineSlowdown(): number {
  return Math.max(1, loadavg()[0]! / Math.max(1, cpus().length));
}

/** `ms` on an idle machine, stretched by the current slowdown. */
export function budget(ms: number): number {
  return ms * machineSlowdown();
}
import type { LocalStack } from '../../../supabase/local/server.ts';

/** Headers a caller with `token` (default: anon) sends, as supabase-js would. */
export function keyHeaders(stack: LocalStack, token = stack.anonKey): Record<string, string> {
  return { apikey: stack.anonKey, authorization: `Bearer ${token}` };
}

/** The answer of a hostile request: a JSON error body with the given status, never a bare 500. */
export async function expectJsonError(response: Response, status: number): Promise<Record<string, unknown>> {
  const text = await response.text();
  expect(response.status, text.slice(0, 300)).toBe(status);
  expect(response.headers.get('content-type') ?? '').toMatch(/^application\/json/);
  expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  const body = JSON.parse(text) as Record<string, unknown>;
  expect(typeof body.message === 'string' || typeof body.msg === 'string').toBe(true);
  return body;
}

/**
 * After a hostile request the stack answers an ordinary catalogue read within 100 ms (on an idle machine; see
 * `budget`). Up to three attempts: a stack held by a runaway query fails every one.
 */
export async function expectStackAnswers(stack: LocalStack): Promise<void> {
  const timings: number[] = [];
  for (let attempt = 0; attempt < 3; attempt++) {
    const started = performance.now();
    const response = await fetch(`${stack.url}/rest/v1/products?select=id,title&limit=3`, {
      headers: keyHeaders(stack),
    });
    expect(response.status).toBe(200);
    expect(((await response.json()) as unknown[]).length).toBe(3);
    timings.push(performance.now() - started);
    if (timings.at(-1)! < budget(100)) return;
  }
  expect(Math.min(...timings)).toBeLessThan(budget(100));
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** `depth` nested embeds alternating products ↔ packages through the package_items junction. */
export function manyToManyChain(depth: number, leaf = 'id'): string {
  let select = leaf;
  for (let level = 0; level < depth; level++) {
    select =
      level % 2 === 0 ? `id,packages!package_items(${select})` : `id,products!package_items(${select})`;
  }
  return select;
}

/** `depth` nested embeds through package_items itself (package_items → products → package_items → …). */
export function junctionChain(depth: number): string {
  let select = 'product_id';
  for (let level = 0; level < depth; level++) {
    select =
      level % 2 === 0
        ? `product_id,products(id,package_items(${select}))`
        : `package_id,packages(id,package_items(${select}))`;
  }
  return select;
}
