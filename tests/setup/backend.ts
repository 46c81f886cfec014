import { afterEach, beforeEach, inject, vi } from 'vitest';
import { useDatabaseTemplate } from '../../supabase/local/db/db.ts';

// In-memory databases start from the run's template (tests/setup/pglite-template.ts; absent in the
// database-postgres project, which copies its server's template database instead).
useDatabaseTemplate(inject('pgliteTemplate'));

// Any console.error during a test fails it (Epic Stack convention): errors must be expected and asserted.
let errorSpy: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  errorSpy = vi.spyOn(console, 'error');
});
afterEach(() => {
  const calls = errorSpy.mock.calls as unknown[][];
  errorSpy.mockRestore();
  if (calls.length > 0) {
    throw new Error(`console.error was called during the test:\n${calls.map((c) => c.map(String).join(' ')).join('\n')}`);
  }
});
