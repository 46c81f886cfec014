import { readFile } from 'node:fs/promises';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalStack } from '../../supabase/local/server.ts';
import { makeClient, rest, startTestStack } from './support/stack.ts';

/**
 * Where the local /rest/v1 once answered differently from PostgREST without saying so (found by running
 * postgrest-js's own test suite against it): each is now answered as PostgREST answers on hosted Supabase, or
 * refused naming the feature. Run with supabase-js against the stack; the fixture is rest-parity.sql.
 */

type Builder = { maxAffected(rows: number): Builder } & PromiseLike<{
  data: unknown;
  error: { code: string; message: string; details: unknown } | null;
  status: number;
}>;
/** postgrest-js types maxAffected for PostgREST 13+ clients only; the app's client is untyped. */
const maxAffected = (builder: unknown, rows: number): Builder => (builder as Builder).maxAffected(rows);

describe('/rest/v1 answers as PostgREST or refuses loudly', () => {
  let stack: LocalStack;
  let anon: SupabaseClient;
  let service: SupabaseClient;

  const usernames = async (): Promise<string[]> =>
    (
      await stack.db.query<{ username: string }>('select username from public.parity_users order by username')
    ).rows.map((row) => row.username);

  beforeAll(async () => {
    stack = await startTestStack();
    // Before the first REST request, so the schema cache is read with the fixture in it.
    await stack.db.exec(await readFile(new URL('./fixtures/rest-parity.sql', import.meta.url), 'utf8'));
    anon = makeClient(stack);
    service = makeClient(stack, stack.serviceRoleKey);
  });
  afterAll(async () => {
    await stack?.stop();
  });

  describe('Prefer', () => {
    it('tx=rollback commits, as on hosted Supabase (db-tx-end is not overridable there), and is not listed as applied', async () => {
      await stack.db.query(`insert into public.parity_users (username) values ('rollback-me')`);
      const result = await service.from('parity_users').delete().eq('username', 'rollback-me').rollback();
      expect(result).toMatchObject({ error: null, status: 204 });
      expect(await usernames()).not.toContain('rollback-me');
      const raw = await rest(stack, 'parity_users?username=eq.nobody', {
        method: 'DELETE',
        headers: { prefer: 'tx=rollback, return=minimal' },
      });
      expect(raw.status).toBe(204);
      expect(raw.headers.get('preference-applied')).toBe('return=minimal');
    });

    it('handling=strict refuses unknown preferences (400 PGRST122); lenient ignores them', async () => {
      const strict = await rest(stack, 'parity_users?select=username', {
        headers: { prefer: 'handling=strict, count=exact, invalid, return=everything' },
      });
      expect(strict.status).toBe(400);
      expect(await strict.json()).toEqual({
        code: 'PGRST122',
        message: 'Invalid preferences given with handling=strict',
        details: 'Invalid preferences: invalid, return=everything',
        hint: null,
      });
      const lenient = await rest(stack, 'parity_users?select=username&username=eq.supabot', {
        headers: { prefer: 'handling=lenient, count=exact, invalid' },
      });
      expect(lenient.status).toBe(200);
      expect(lenient.headers.get('preference-applied')).toBe('count=exact, handling=lenient');
      expect(lenient.headers.get('content-range')).toBe('0-0/1');
    });

    it('max-affected with handling=strict: 400 PGRST124 past the limit and nothing changed; within it, done', async () => {
      await stack.db.query(
        `insert into public.parity_users (username, status) values ('m1', 'AWAY'), ('m2', 'AWAY'), ('m3', 'AWAY')`,
      );
      const over = await maxAffected(
        service.from('parity_users').update({ status: 'OFFLINE' }).eq('status', 'AWAY'),
        2,
      );
      expect(over.status).toBe(400);
      expect(over.error).toMatchObject({
        code: 'PGRST124',
        message: 'Query result exceeds max-affected preference constraint',
        details: 'The query affects 3 rows',
      });
      const away = await stack.db.query(`select 1 from public.parity_users where status = 'AWAY'`);
      expect(away.rows).toHaveLength(3);

      const deleteOver = await maxAffected(service.from('parity_users').delete().eq('status', 'AWAY'), 1);
      expect(deleteOver.error?.code).toBe('PGRST124');
      expect(await usernames()).toEqual(expect.arrayContaining(['m1', 'm2', 'm3']));

      const within = await maxAffected(
        service.from('parity_users').delete().eq('status', 'AWAY').select('username'),
        3,
      );
      expect(within.error).toBeNull();
      expect(within.data).toHaveLength(3);

      // Without handling=strict PostgREST ignores max-affected.
      const lenient = await rest(stack, 'parity_users?username=eq.nobody', {
        method: 'DELETE',
        headers: { prefer: 'max-affected=0' },
      });
      expect(lenient.status).toBe(204);
    });

    it('max-affected on a call of a function that does not return a set: 400 PGRST128', async () => {
      const result = await maxAffected(service.rpc('parity_count_users'), 1);
      expect(result.status).toBe(400);
      expect(result.error?.code).toBe('PGRST128');
    });

    it('timezone=… is applied for the request and listed; an unknown zone is 400 22023', async () => {
      const response = await rest(stack, 'rpc/parity_timezone', {
        headers: { prefer: 'timezone=America/Los_Angeles' },
      });
      expect(response.status).toBe(200);
      expect(await response.json()).toBe('America/Los_Angeles');
      expect(response.headers.get('preference-applied')).toBe('timezone=America/Los_Angeles');
      const unknown = await rest(stack, 'rpc/parity_timezone', {
        headers: { prefer: 'timezone=Nowhere/Else' },
      });
      expect(unknown.status).toBe(400);
      expect(((await unknown.json()) as { code: string }).code).toBe('22023');
      expect(await (await rest(stack, 'rpc/parity_timezone')).json()).not.toBe('America/Los_Angeles');
    });

    it('return=headers-only on an insert (a Location header) is refused, nothing inserted', async () => {
      const response = await rest(stack, 'parity_users', {
        method: 'POST',
        token: stack.serviceRoleKey,
        headers: { 'content-type': 'application/json', prefer: 'return=headers-only' },
        body: JSON.stringify({ username: 'located' }),
      });
      expect(response.status).toBe(501);
      expect(((await response.json()) as { message: string }).message).toMatch(/return=headers-only/);
      expect(await usernames()).not.toContain('located');
    });
  });

  describe('rpc', () => {
    it('select, filters, order, limit and count on a set-returning function, embeds included', async () => {
      const result = await anon
        .rpc('parity_channels_from', { p_from: 1 }, { count: 'exact' })
        .select('slug, parity_channel_details(details)')
        .order('id', { ascending: false });
      expect(result.error).toBeNull();
      expect(result.count).toBe(2);
      expect(result.data).toEqual([
        { slug: 'random', parity_channel_details: null },
        { slug: 'public', parity_channel_details: { details: 'Details for public channel' } },
      ]);
      const filtered = await anon
        .rpc('parity_channels_from', { p_from: 1 }, { count: 'exact' })
        .select('id')
        .eq('slug', 'random');
      expect(filtered).toMatchObject({ error: null, data: [{ id: 2 }], count: 1 });
      const page = await anon
        .rpc('parity_user_status', {}, { count: 'exact' })
        .select('username')
        .range(1, 2);
      expect(page.status).toBe(206);
      expect(page.data).toEqual([{ username: 'dragarcia' }, { username: 'kiwicopple' }]);
      expect(page.count).toBe(4);
      const single = await anon.rpc('parity_user_status').eq('username', 'supabot').single();
      expect(single).toMatchObject({ error: null, data: { username: 'supabot', status: 'ONLINE' } });
    });

    it('GET calls: parameters without an operator are arguments, the others filter the rows', async () => {
      const response = await rest(stack, 'rpc/parity_channels_from?p_from=1&slug=eq.public&select=id');
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual([{ id: 1 }]);
      const viaClient = await anon
        .rpc('parity_user_status', { p_status: 'ONLINE' }, { get: true })
        .eq('username', 'awailas');
      expect(viaClient).toMatchObject({ error: null, data: [{ username: 'awailas', status: 'ONLINE' }] });
    });

    it('select, filters or count on a function that does not return rows: refused (501), not ignored', async () => {
      const selected = await anon.rpc('parity_count_users').select('count');
      expect(selected.status).toBe(501);
      expect(selected.error?.message).toMatch(/not supported by the local stack/);
      const counted = await anon.rpc('parity_count_users', {}, { count: 'exact' });
      expect(counted.status).toBe(501);
      const plain = await anon.rpc('parity_count_users');
      expect(plain).toMatchObject({ error: null, data: 4 });
    });

    it('an overload the arguments do not single out: 300 PGRST203; distinct names choose', async () => {
      const ambiguous = await anon.rpc('parity_overload', { a: 1 });
      expect(ambiguous.status).toBe(300);
      expect(ambiguous.error).toMatchObject({
        code: 'PGRST203',
        hint: 'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
      });
      expect(ambiguous.error?.message).toMatch(
        /^Could not choose the best candidate function between: public\.parity_overload\(a => (integer|text)\), public\.parity_overload\(a => (integer|text)\)$/,
      );
      expect((await anon.rpc('parity_named', { b: 1 })).data).toBe('b');
      expect((await anon.rpc('parity_named', { a: 1 })).data).toBe('a');
    });

    it('GET of a writing function fails in its read-only transaction (405 25006); POST writes', async () => {
      const viaGet = await anon.rpc('parity_add_user', { p_username: 'via-get' }, { get: true });
      expect(viaGet.status).toBe(405);
      expect(viaGet.error?.code).toBe('25006');
      expect(await usernames()).not.toContain('via-get');
      const viaPost = await anon.rpc('parity_add_user', { p_username: 'via-post' });
      expect(viaPost).toMatchObject({ error: null, data: 'via-post' });
    });

    it('no such function: 404 PGRST202 in PostgREST words', async () => {
      const missing = await anon.rpc('parity_named', { c: 1 });
      expect(missing.status).toBe(404);
      expect(missing.error).toMatchObject({
        code: 'PGRST202',
        message: 'Could not find the function public.parity_named(c) in the schema cache',
        details:
          'Searched for the function public.parity_named with parameter c or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.',
      });
    });
  });

  describe('errors raised by functions', () => {
    it('PTxxx answers status xxx with the error body', async () => {
      const result = await anon.rpc('parity_too_many');
      expect(result.status).toBe(429);
      expect(result.error).toEqual({
        code: 'PT429',
        message: 'Slow down',
        details: 'Try again in a minute',
        hint: 'Wait',
      });
    });

    it("RAISE SQLSTATE 'PGRST' sets the status, headers and body; malformed, 500 PGRST121", async () => {
      const response = await rest(stack, 'rpc/parity_payment_required', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      expect(response.status).toBe(402);
      expect(response.headers.get('x-powered-by')).toBe('Nerd Rage');
      expect(await response.json()).toEqual({
        code: '123',
        message: 'Payment Required',
        details: 'Quota exceeded',
        hint: 'Upgrade your plan',
      });
      const bad = await anon.rpc('parity_bad_raise');
      expect(bad.status).toBe(500);
      expect(bad.error?.code).toBe('PGRST121');
    });
  });

  describe('writes', () => {
    it('an upsert of key columns only updates (and returns) the existing row: 200; a new key inserts: 201', async () => {
      const existing = await service
        .from('parity_users')
        .upsert({ username: 'dragarcia' })
        .select('username, status');
      expect(existing).toMatchObject({
        error: null,
        status: 200,
        data: [{ username: 'dragarcia', status: 'ONLINE' }],
      });
      const fresh = await service.from('parity_users').upsert({ username: 'newcomer' }).select('username');
      expect(fresh).toMatchObject({ error: null, status: 201, data: [{ username: 'newcomer' }] });
      const ignored = await service
        .from('parity_users')
        .upsert({ username: 'dragarcia' }, { ignoreDuplicates: true })
        .select('username');
      expect(ignored).toMatchObject({ error: null, status: 201, data: [] });
    });

    it('objects with different keys and no ?columns=: 400 PGRST102, as PostgREST; supabase-js sends columns', async () => {
      const raw = await rest(stack, 'parity_users', {
        method: 'POST',
        token: stack.serviceRoleKey,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify([{ username: 'k1' }, { username: 'k2', status: 'AWAY' }]),
      });
      expect(raw.status).toBe(400);
      expect(await raw.json()).toMatchObject({ code: 'PGRST102', message: 'All object keys must match' });
      expect(await usernames()).not.toContain('k1');
      const viaClient = await service
        .from('parity_users')
        .insert([{ username: 'k1' }, { username: 'k2', status: 'AWAY' }], { defaultToNull: false })
        .select('username, status');
      expect(viaClient.data).toEqual([
        { username: 'k1', status: 'ONLINE' },
        { username: 'k2', status: 'AWAY' },
      ]);
    });

    it('an update with ?columns= sets every listed column: absent ones to null, or their default with missing=default', async () => {
      await stack.db.query(`insert into public.parity_users (username, status) values ('col-a', 'AWAY')`);
      const defaulted = await rest(stack, 'parity_users?username=eq.col-a&columns=username,status', {
        method: 'PATCH',
        token: stack.serviceRoleKey,
        headers: { 'content-type': 'application/json', prefer: 'missing=default, return=representation' },
        body: JSON.stringify({ username: 'col-a' }),
      });
      expect(await defaulted.json()).toEqual([{ username: 'col-a', status: 'ONLINE' }]);
      const nulled = await rest(stack, 'parity_users?username=eq.col-a&columns=username,status', {
        method: 'PATCH',
        token: stack.serviceRoleKey,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'col-a' }),
      });
      // status is not null: setting it to null is Postgres's 23502, as PostgREST would meet it.
      expect(nulled.status).toBe(400);
      expect(((await nulled.json()) as { code: string }).code).toBe('23502');
    });

    it('PUT is refused (501), not treated as something else', async () => {
      const response = await rest(stack, 'parity_users?username=eq.supabot', {
        method: 'PUT',
        token: stack.serviceRoleKey,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'supabot', status: 'AWAY' }),
      });
      expect(response.status).toBe(501);
      expect(
        (await stack.db.query(`select status from public.parity_users where username = 'supabot'`)).rows,
      ).toEqual([{ status: 'ONLINE' }]);
    });
  });

  describe('embedding', () => {
    it('one-to-one (the key is unique) embeds as an object, both ways', async () => {
      const channel = await anon
        .from('parity_channels')
        .select('slug, parity_channel_details(*)')
        .eq('id', 1)
        .single();
      expect(channel).toMatchObject({
        error: null,
        data: { slug: 'public', parity_channel_details: { id: 1, details: 'Details for public channel' } },
      });
      const none = await anon
        .from('parity_channels')
        .select('parity_channel_details(details)')
        .eq('id', 2)
        .single();
      expect(none.data).toEqual({ parity_channel_details: null });
      const details = await anon
        .from('parity_channel_details')
        .select('details, parity_channels(slug)')
        .single();
      expect(details.data).toEqual({
        details: 'Details for public channel',
        parity_channels: { slug: 'public' },
      });
      // Many-to-one stays an object, one-to-many an array.
      const message = await anon
        .from('parity_messages')
        .select('message, parity_channels(slug)')
        .eq('message', 'Hello World')
        .single();
      expect(message.data).toEqual({ message: 'Hello World', parity_channels: { slug: 'public' } });
    });

    it('self-reference: the table name gives the children, the key column the parent, a hint the children', async () => {
      const root = await anon
        .from('parity_collections')
        .select('id, parity_collections(id, description)')
        .eq('id', 1)
        .single();
      expect(root.data).toEqual({
        id: 1,
        parity_collections: [
          { id: 2, description: 'Child of Root' },
          { id: 3, description: 'Another Child of Root' },
        ],
      });
      const child = await anon.from('parity_collections').select('*, parent_id(*)').eq('id', 2).single();
      expect(child.data).toEqual({
        id: 2,
        description: 'Child of Root',
        parent_id: { id: 1, description: 'Root Collection', parent_id: null },
      });
      expect(Object.keys(child.data as object)).toEqual(['id', 'description', 'parent_id']);
      const hinted = await anon
        .from('parity_collections')
        .select('id, children:parity_collections!parent_id(id)')
        .eq('id', 2)
        .single();
      expect(hinted.data).toEqual({ id: 2, children: [{ id: 4 }] });
    });

    it('two relationships to one table: 300 PGRST201 unhinted; the same name twice: 400 42712; aliases work', async () => {
      const ambiguous = await anon.from('parity_best_friends').select('parity_users(*)');
      expect(ambiguous.status).toBe(300);
      expect(ambiguous.error?.code).toBe('PGRST201');
      expect(ambiguous.error?.details).toHaveLength(2);
      const twice = await anon
        .from('parity_best_friends')
        .select('parity_users!first_user(*), parity_users!second_user(*)')
        .limit(1)
        .single();
      expect(twice.status).toBe(400);
      expect(twice.error).toMatchObject({
        code: '42712',
        message: 'table name "parity_best_friends_parity_users_1" specified more than once',
      });
      const aliased = await anon
        .from('parity_best_friends')
        .select('first:parity_users!first_user(username), second:parity_users!second_user(username)')
        .eq('id', 1)
        .single();
      expect(aliased.data).toEqual({ first: { username: 'supabot' }, second: { username: 'kiwicopple' } });
    });

    it('an empty embed returns nothing of it; with !inner it still filters', async () => {
      const result = await anon.from('parity_messages').select('message, parity_users()').limit(1).single();
      expect(result.data).toEqual({ message: 'Hello World' });
      const inner = await anon.from('parity_users').select('username, parity_messages!inner()');
      expect(inner.data).toEqual([{ username: 'supabot' }]);
    });

    it('a key selected twice appears once', async () => {
      const result = await anon.from('parity_channels').select('id, id, id').eq('id', 1).single();
      expect(result.data).toEqual({ id: 1 });
      const raw = await rest(stack, 'parity_channels?select=id,id&id=eq.1');
      expect(await raw.text()).toBe('[{"id":1}]');
    });
  });

  describe('what the stack does not do is refused, naming it', () => {
    it('Accept: CSV (which PostgREST produces) is refused naming it; a type nobody produces is 406 PGRST107', async () => {
      const csv = await anon.from('parity_channels').select('slug').csv();
      expect(csv.status).toBe(501);
      expect(csv.error?.message).toBe('Accept: text/csv is not supported by the local stack');
      const xml = await rest(stack, 'parity_channels?select=slug', {
        headers: { accept: 'application/xml' },
      });
      expect(xml.status).toBe(406);
      expect(await xml.json()).toMatchObject({
        code: 'PGRST107',
        message: 'None of these media types are available: application/xml',
      });
      const any = await rest(stack, 'parity_channels?select=slug&id=eq.1', { headers: { accept: '*/*' } });
      expect(await any.json()).toEqual([{ slug: 'public' }]);
    });

    it('aggregates: 400 PGRST123, as hosted Supabase (db-aggregates-enabled is off there)', async () => {
      for (const select of ['count()', 'username, parity_messages(count())', 'id.sum()']) {
        const result = await anon.from('parity_users').select(select);
        expect(result.status, select).toBe(400);
        expect(result.error).toMatchObject({
          code: 'PGRST123',
          message: 'Use of aggregate functions is not allowed',
        });
      }
    });

    it('spreads, embedded filters and orders, unsupported operators: 501 naming the feature', async () => {
      const attempts = [
        'parity_messages?select=message,...parity_channels(slug)',
        'parity_messages?select=message,parity_channels(slug)&parity_channels.slug=eq.public',
        'parity_channels?select=slug,parity_messages(id)&parity_messages.order=id.desc',
        'parity_channels?select=slug,parity_messages(id)&parity_messages.limit=1',
        'parity_messages?select=message,parity_channels(slug)&order=parity_channels(slug).desc',
        'parity_channels?slug=fts.public',
        'parity_channels?slug=eq(any).{public,random}',
        'parity_channels?id=adj.(1,2)',
      ];
      for (const path of attempts) {
        const response = await rest(stack, path);
        const body = (await response.json()) as { message: string };
        expect(response.status, path).toBe(501);
        expect(body.message, path).toMatch(/not supported by the local stack$/);
      }
    });
  });
});
