import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anyColumnContains, containsPattern, quotePostgrestValue } from '../../src/lib/postgrest-filter.ts';
import type { LocalStack } from '../../supabase/local/server.ts';
import { makeClient, startTestStack } from './support/stack.ts';

describe('filters built from search text', () => {
  it('quote the text as one value and escape LIKE wildcards', () => {
    expect(quotePostgrestValue('a "b" \\c')).toBe('"a \\"b\\" \\\\c"');
    expect(containsPattern('50%_off\\')).toBe('%50\\%\\_off\\\\%');
    expect(anyColumnContains(['title', 'category'], 'Drink Less, Live More')).toBe(
      'title.ilike."%Drink Less, Live More%",category.ilike."%Drink Less, Live More%"',
    );
  });
});

describe('the admin catalogue search against PostgREST (the local stack)', () => {
  let stack: LocalStack;
  let client: SupabaseClient;
  beforeAll(async () => {
    stack = await startTestStack();
    client = makeClient(stack);
  }, 180_000);
  afterAll(async () => {
    await stack?.stop();
  });

  const search = (text: string) =>
    client.from('products').select('title').or(anyColumnContains(['title', 'category'], text)).order('title');

  it("finds 'Drink Less, Live More' by its whole title, comma and all", async () => {
    const { data, error } = await search('Drink Less, Live More');
    expect(error).toBeNull();
    expect(data).toEqual([{ title: 'Drink Less, Live More' }]);
  });

  it('search text cannot add filter terms or wildcards', async () => {
    for (const text of ['x%",title.neq."', 'x,title.neq.x', 'x),or(title.neq.x', '%', '_']) {
      const { data, error } = await search(text);
      expect(error, text).toBeNull();
      expect(data, text).toEqual([]);
    }
  });
});
