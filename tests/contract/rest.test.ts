import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../supabase/local/db/db.ts';
import type { LocalStack } from '../../supabase/local/server.ts';
import {
  confirmedUser,
  makeClient,
  rest,
  signToken,
  signedInClient,
  startTestStack,
} from './support/stack.ts';

const admin = DEMO_ACCOUNTS.find((account) => account.role === 'admin')!;
const customer = DEMO_ACCOUNTS.find((account) => account.role === 'customer')!;

describe('/rest/v1 with supabase-js', () => {
  let stack: LocalStack;
  let anon: SupabaseClient;
  let service: SupabaseClient;
  let adminClient: SupabaseClient;
  let customerClient: SupabaseClient;
  let customerToken = '';
  let adminToken = '';

  const count = async (table: string): Promise<number> => {
    const result = await stack.db.query<{ n: number }>(`select count(*)::int as n from public.${table}`);
    return result.rows[0]?.n ?? -1;
  };

  beforeAll(async () => {
    stack = await startTestStack();
    anon = makeClient(stack);
    service = makeClient(stack, stack.serviceRoleKey);
    ({ client: adminClient } = await signedInClient(stack, admin.email, admin.password));
    ({ client: customerClient } = await signedInClient(stack, customer.email, customer.password));
    adminToken = (await adminClient.auth.getSession()).data.session?.access_token ?? '';
    customerToken = (await customerClient.auth.getSession()).data.session?.access_token ?? '';
  });
  afterAll(async () => {
    await stack?.stop();
  });

  describe('reads', () => {
    it('select lists, aliases and casts', async () => {
      const { data, error } = await anon
        .from('products')
        .select('slug, name:title, price_pence::text')
        .eq('slug', 'stop-smoking-for-good');
      expect(error).toBeNull();
      expect(data).toEqual([
        { slug: 'stop-smoking-for-good', name: 'Stop Smoking for Good', price_pence: '299' },
      ]);
      const star = await anon.from('products').select('*').eq('slug', 'stop-smoking-for-good');
      expect(Object.keys(star.data?.[0] ?? {})).toContain('audio_path');
    });

    it('filters: eq, neq, gt/gte/lt/lte, like/ilike, is, in, not, or', async () => {
      const slugs = async (query: PromiseLike<{ data: { slug: string }[] | null; error: unknown }>) => {
        const { data, error } = await query;
        expect(error).toBeNull();
        return (data ?? []).map((row) => row.slug).sort();
      };
      const smoking = () => anon.from('products').select('slug').eq('category', 'Smoking Cessation');
      const all = await slugs(smoking());
      expect(all.length).toBeGreaterThanOrEqual(3);
      expect(await slugs(smoking().neq('slug', 'stop-smoking-for-good'))).toEqual(
        all.filter((s) => s !== 'stop-smoking-for-good'),
      );
      // The seed numbers products category * 100 + position: Smoking Cessation is 201, 202, …
      expect(await slugs(smoking().gte('sort_order', 202).lte('sort_order', 203))).toHaveLength(2);
      expect(await slugs(smoking().gt('sort_order', 10_000))).toEqual([]);
      expect(await slugs(smoking().lt('sort_order', 202))).toHaveLength(1);
      expect(await slugs(anon.from('products').select('slug').ilike('title', '%SMOKING FOR%'))).toEqual([
        'stop-smoking-for-good',
      ]);
      expect(await slugs(anon.from('products').select('slug').like('title', 'Stop Smoking%'))).toEqual([
        'stop-smoking-for-good',
      ]);
      expect(await slugs(smoking().is('duration_seconds', null))).toEqual([]);
      expect(
        await slugs(
          anon
            .from('products')
            .select('slug')
            .in('slug', ['cravings-be-gone', 'stop-smoking-for-good', 'nope']),
        ),
      ).toEqual(['cravings-be-gone', 'stop-smoking-for-good']);
      expect(await slugs(smoking().not('slug', 'eq', 'cravings-be-gone'))).not.toContain('cravings-be-gone');
      expect(
        await slugs(
          anon
            .from('products')
            .select('slug')
            .or('slug.eq.cravings-be-gone,and(slug.eq.stop-smoking-for-good,published.is.true)'),
        ),
      ).toEqual(['cravings-be-gone', 'stop-smoking-for-good']);
    });

    it('order, limit/offset, range, count and HEAD', async () => {
      const { data } = await anon
        .from('products')
        .select('title')
        .order('title', { ascending: false })
        .limit(3);
      const titles = (data ?? []).map((row: { title: string }) => row.title);
      expect(titles).toEqual([...titles].sort().reverse());
      expect(titles).toHaveLength(3);

      const page = await anon.from('products').select('slug', { count: 'exact' }).order('slug').range(2, 4);
      const total = await count('products');
      expect(page.count).toBe(total);
      expect(page.data).toHaveLength(3);
      expect(page.status).toBe(206);

      const head = await anon
        .from('products')
        .select('*', { count: 'exact', head: true })
        .eq('category', 'Insomnia');
      expect(head.error).toBeNull();
      expect(head.data).toBeNull();
      expect(head.count).toBeGreaterThan(0);

      const response = await rest(stack, 'products?select=slug&order=slug.asc.nullslast', {
        headers: { range: '0-1', prefer: 'count=exact' },
      });
      expect(response.headers.get('content-range')).toBe(`0-1/${total}`);
      expect(await response.json()).toHaveLength(2);
      const none = await rest(stack, 'products?select=slug&slug=eq.nothing-here', {
        headers: { prefer: 'count=exact' },
      });
      expect(none.headers.get('content-range')).toBe('*/0');
    });

    it('single object: the row, or 406 PGRST116 for zero or many; maybeSingle decides in the client', async () => {
      const one = await anon.from('products').select('slug, title').eq('slug', 'cravings-be-gone').single();
      expect(one).toMatchObject({
        status: 200,
        error: null,
        data: { slug: 'cravings-be-gone', title: 'Cravings Be Gone' },
      });
      const many = await anon.from('products').select('slug').eq('category', 'Insomnia').single();
      expect(many.status).toBe(406);
      expect(many.error?.code).toBe('PGRST116');
      expect(many.error?.details).toMatch(/^The result contains \d+ rows$/);
      const maybe = await anon.from('products').select('slug').eq('slug', 'nothing').maybeSingle();
      expect(maybe).toMatchObject({ error: null, data: null });
    });

    it('embeds related tables along foreign keys: many-to-one, one-to-many, many-to-many, !inner', async () => {
      const packages = await anon
        .from('packages')
        .select(
          'slug, items:package_items(position, product:products(slug, price_pence)), products!package_items(slug)',
        )
        .eq('category', 'Smoking Cessation')
        .single();
      expect(packages.error).toBeNull();
      const pkg = packages.data as unknown as {
        slug: string;
        items: { position: number; product: { slug: string; price_pence: number } }[];
        products: { slug: string }[];
      };
      expect(Object.keys(pkg)).toEqual(['slug', 'items', 'products']);
      expect(pkg.items.length).toBeGreaterThanOrEqual(3); // 3 related audios (+ the free guide)
      expect(pkg.items[0]).toMatchObject({
        position: expect.any(Number),
        product: { slug: expect.any(String), price_pence: 299 },
      });
      expect(pkg.products.map((p) => p.slug).sort()).toEqual(pkg.items.map((i) => i.product.slug).sort());

      // anon holds no privilege on purchases, so embedding them is refused, as PostgREST refuses it.
      const refused = await anon
        .from('products')
        .select('slug, purchases(id)')
        .eq('slug', 'stop-smoking-for-good')
        .single();
      expect(refused.status).toBe(401);
      expect(refused.error?.code).toBe('42501');

      // RLS applies inside embeds: a customer who bought nothing sees no purchases of a product.
      const reader = await confirmedUser(stack, 'embed-reader');
      const { client: readerClient } = await signedInClient(stack, reader.email, reader.password);
      const product = await readerClient
        .from('products')
        .select('slug, purchases(id)')
        .eq('slug', 'stop-smoking-for-good')
        .single();
      expect(product.data).toEqual({ slug: 'stop-smoking-for-good', purchases: [] });
      const inner = await readerClient
        .from('products')
        .select('slug, purchases!inner(id)')
        .eq('slug', 'stop-smoking-for-good');
      expect(inner).toMatchObject({ error: null, data: [] });

      const unknown = await anon.from('products').select('slug, user_roles(id)');
      expect(unknown.status).toBe(400);
      expect(unknown.error?.code).toBe('PGRST200');
    });

    it('RLS decides what a caller sees: a customer sees only their own purchases', async () => {
      const other = await confirmedUser(stack, 'other-buyer');
      await service.rpc('insert_purchase', {
        p_user_id: other.id,
        p_title: 'Cravings Be Gone',
        p_category: 'Smoking Cessation',
        p_price: 2.99,
        p_download_url: '#',
      });
      const peek = await customerClient.from('purchases').select('*').eq('user_id', other.id);
      expect(peek).toMatchObject({ error: null, data: [] });
      const anonPeek = await anon.from('purchases').select('*');
      expect(anonPeek.data ?? []).toEqual([]);
      const adminView = await adminClient.from('purchases').select('*').eq('user_id', other.id);
      expect(adminView.data).toHaveLength(1);
    });
  });

  describe('writes', () => {
    const newProduct = (slug: string) => ({
      slug,
      title: `Title ${slug}`,
      category: 'Test Category',
      price_pence: 399,
    });

    it('admin inserts with return=representation (+ single), minimal, and upserts on a unique column', async () => {
      const inserted = await adminClient
        .from('products')
        .insert(newProduct('contract-one'))
        .select()
        .single();
      expect(inserted.error).toBeNull();
      expect(inserted.status).toBe(201);
      expect(inserted.data).toMatchObject({
        slug: 'contract-one',
        price_pence: 399,
        published: false,
        description: '',
      });

      const minimal = await adminClient
        .from('products')
        .insert([newProduct('contract-two'), newProduct('contract-three')]);
      expect(minimal).toMatchObject({ error: null, status: 201, data: null });

      const duplicate = await adminClient.from('products').insert(newProduct('contract-two'));
      expect(duplicate.status).toBe(409);
      expect(duplicate.error?.code).toBe('23505');

      const merged = await adminClient
        .from('products')
        .upsert({ slug: 'contract-two', title: 'Renamed', category: 'Test Category' }, { onConflict: 'slug' })
        .select('slug, title, price_pence');
      expect(merged.error).toBeNull();
      expect(merged.data).toEqual([{ slug: 'contract-two', title: 'Renamed', price_pence: 399 }]);

      const ignored = await adminClient
        .from('products')
        .upsert(
          { slug: 'contract-two', title: 'Ignored', category: 'Test Category' },
          { onConflict: 'slug', ignoreDuplicates: true },
        )
        .select('slug');
      expect(ignored).toMatchObject({ error: null, data: [] });
    });

    it('admin updates and deletes with filters', async () => {
      const updated = await adminClient
        .from('products')
        .update({ published: true, sort_order: 7 })
        .eq('slug', 'contract-one')
        .select('slug, published, sort_order');
      expect(updated).toMatchObject({
        error: null,
        status: 200,
        data: [{ slug: 'contract-one', published: true, sort_order: 7 }],
      });
      const none = await adminClient.from('products').update({ sort_order: 1 }).eq('slug', 'no-such-product');
      expect(none).toMatchObject({ error: null, status: 204 });
      const deleted = await adminClient
        .from('products')
        .delete({ count: 'exact' })
        .in('slug', ['contract-two', 'contract-three']);
      expect(deleted).toMatchObject({ error: null, status: 204, count: 2 });
      expect((await anon.from('products').select('slug').eq('slug', 'contract-one').single()).data).toEqual({
        slug: 'contract-one',
      });
    });

    it('.single() on a write that matches several rows changes nothing', async () => {
      const before = await stack.db.query<{ sort_order: number }>(
        `select sort_order from public.products where category = 'Insomnia' order by slug`,
      );
      const result = await adminClient
        .from('products')
        .update({ sort_order: 99 })
        .eq('category', 'Insomnia')
        .select()
        .single();
      expect(result.status).toBe(406);
      const after = await stack.db.query<{ sort_order: number }>(
        `select sort_order from public.products where category = 'Insomnia' order by slug`,
      );
      expect(after.rows).toEqual(before.rows);
    });

    it('customers and anon cannot write what RLS forbids: 403 / 401 with 42501, nothing written', async () => {
      const purchases = await count('purchases');
      const products = await count('products');
      const asCustomer = await customerClient
        .from('purchases')
        .insert({ user_id: customer.id, title: 'Free audio', price: 0 });
      expect(asCustomer.status).toBe(403);
      expect(asCustomer.error?.code).toBe('42501');
      const asAnon = await anon.from('products').insert(newProduct('anon-product'));
      expect(asAnon.status).toBe(401);
      expect(asAnon.error?.code).toBe('42501');
      const selfAdmin = await customerClient
        .from('user_roles')
        .insert({ user_id: customer.id, role: 'admin' });
      expect(selfAdmin.status).toBe(403);
      const sneakyUpdate = await customerClient
        .from('products')
        .update({ price_pence: 1 })
        .eq('slug', 'stop-smoking-for-good')
        .select();
      expect(sneakyUpdate).toMatchObject({ error: null, data: [] });
      expect(await count('purchases')).toBe(purchases);
      expect(await count('products')).toBe(products);
      expect(
        (await stack.db.query(`select 1 from public.user_roles where user_id = $1`, [customer.id])).rows,
      ).toEqual([]);
    });
  });

  describe('rpc', () => {
    it('insert_purchase: 42501 for a customer, the new id (a scalar) for the service role', async () => {
      const args = {
        p_user_id: customer.id,
        p_title: 'Stop Smoking for Good',
        p_category: 'Smoking Cessation',
        p_price: 2.99,
        p_download_url: '#',
      };
      const before = await count('purchases');
      const denied = await customerClient.rpc('insert_purchase', args);
      expect(denied.status).toBe(403);
      expect(denied.error).toMatchObject({
        code: '42501',
        message: 'permission denied for function insert_purchase',
      });
      const anonDenied = await anon.rpc('insert_purchase', args);
      expect(anonDenied.status).toBe(401);
      expect(await count('purchases')).toBe(before);

      const created = await service.rpc('insert_purchase', args);
      expect(created.error).toBeNull();
      expect(created.data).toMatch(/^[0-9a-f-]{36}$/);
      const repeat = await service.rpc('insert_purchase', args);
      expect(repeat.data).toBe(created.data);
    });

    it('scalar results, unknown functions and argument errors', async () => {
      expect((await adminClient.rpc('is_admin')).data).toBe(true);
      expect((await customerClient.rpc('is_admin')).data).toBe(false);
      // is_admin answers only for the caller: asking about another user id finds no such function.
      const aboutAnother = await customerClient.rpc('is_admin', { uid: admin.id });
      expect(aboutAnother.status).toBe(404);
      expect(aboutAnother.error?.code).toBe('PGRST202');
      const unknown = await customerClient.rpc('drop_everything');
      expect(unknown.status).toBe(404);
      expect(unknown.error?.code).toBe('PGRST202');
      const wrongArgs = await customerClient.rpc('is_admin', { who: admin.id });
      expect(wrongArgs.status).toBe(404);
      const badValue = await service.rpc('insert_purchase', {
        p_user_id: 'not-a-uuid',
        p_title: 'Stop Smoking for Good',
        p_category: 'Smoking Cessation',
        p_price: 2.99,
        p_download_url: '#',
      });
      expect(badValue.status).toBe(400);
      expect(badValue.error?.code).toBe('22P02');
    });
  });

  describe('bad input: a clear 4xx and nothing written', () => {
    it('malformed JSON → 400 PGRST102', async () => {
      const before = await count('products');
      const response = await rest(stack, 'products', {
        method: 'POST',
        token: adminToken,
        headers: { 'content-type': 'application/json' },
        body: '{"slug": "x",',
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({
        code: 'PGRST102',
        details: null,
        hint: null,
        message: 'Empty or invalid json',
      });
      expect(await count('products')).toBe(before);
    });

    it('unknown table → 404 PGRST205; unknown column → 400 42703 (select, filter, order) or PGRST204 (body)', async () => {
      const table = await anon.from('no_such_table').select('*');
      expect(table.status).toBe(404);
      expect(table.error).toMatchObject({
        code: 'PGRST205',
        message: "Could not find the table 'public.no_such_table' in the schema cache",
      });
      for (const query of [
        anon.from('products').select('slug, secret'),
        anon.from('products').select('slug').eq('secret', 1),
        anon.from('products').select('slug').order('secret'),
      ]) {
        const { status, error } = await query;
        expect(status).toBe(400);
        expect(error).toMatchObject({ code: '42703', message: 'column products.secret does not exist' });
      }
      const body = await adminClient
        .from('products')
        .insert({ slug: 'with-extra', title: 'T', category: 'C', is_free: true });
      expect(body.status).toBe(400);
      expect(body.error?.code).toBe('PGRST204');
    });

    it('SQL in values, names and paths does nothing', async () => {
      const before = await count('purchases');
      const attempts = [
        `purchases?select=*&user_id=eq.1;drop table purchases`,
        `purchases?select=*&user_id=eq.${customer.id}';drop table purchases;--`,
        `products?select=slug&slug=eq.x' or '1'='1`,
        `products?select=slug&slug=in.(a,b);drop table products`,
        `products?select=slug;drop table products`,
        `products?select=slug&order=slug;drop table products`,
        `products?select=slug&or=(slug.eq.a);drop table products`,
        `purchases;drop table purchases?select=*`,
        `products?select=slug&"slug"=eq.x`,
      ];
      for (const path of attempts) {
        const response = await rest(stack, path.replace(/ /g, '%20'), { token: customerToken });
        const body = (await response.json()) as unknown;
        if (response.ok) expect(body).toEqual([]);
        else expect(response.status, `${path} → ${JSON.stringify(body)}`).toBeGreaterThanOrEqual(400);
        expect(response.status).toBeLessThan(500);
      }
      expect(await count('purchases')).toBe(before);
      expect((await stack.db.query(`select to_regclass('public.products') is not null as ok`)).rows).toEqual([
        { ok: true },
      ]);
    });

    it('forged, expired and foreign-secret JWTs are rejected', async () => {
      const now = Math.floor(Date.now() / 1000);
      const before = await count('purchases');
      const foreignService = await signToken(
        { role: 'service_role', iss: 'supabase-demo', exp: now + 3600 },
        'another-secret-another-secret-another-secret',
      );
      const insert = await rest(stack, 'purchases', {
        method: 'POST',
        token: foreignService,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ user_id: customer.id, title: 'stolen', price: 0 }),
      });
      expect(insert.status).toBe(401);
      expect(((await insert.json()) as { code: string }).code).toBe('PGRST301');
      // As the apikey too: the gateway only knows the project's own keys.
      const asKey = await fetch(`${stack.url}/rest/v1/purchases?select=*`, {
        headers: { apikey: foreignService },
      });
      expect(asKey.status).toBe(401);
      expect(await count('purchases')).toBe(before);

      const expired = await signToken(
        { sub: customer.id, role: 'authenticated', exp: now - 60 },
        stack.jwtSecret,
      );
      const old = await rest(stack, 'purchases?select=*', { token: expired });
      expect(old.status).toBe(401);
      expect(await old.json()).toEqual({
        code: 'PGRST303',
        details: null,
        hint: null,
        message: 'JWT expired',
      });

      const tampered = `${customerToken.slice(0, -4)}AAAA`;
      expect((await rest(stack, 'purchases?select=*', { token: tampered })).status).toBe(401);
      expect((await rest(stack, 'purchases?select=*', { token: 'not.a.jwt' })).status).toBe(401);

      const superuser = await signToken(
        { sub: customer.id, role: 'postgres', exp: now + 60 },
        stack.jwtSecret,
      );
      expect((await rest(stack, 'purchases?select=*', { token: superuser })).status).toBe(401);
    });

    it('oversized bodies → 413, nothing written', async () => {
      const before = await count('products');
      const response = await rest(stack, 'products', {
        method: 'POST',
        token: adminToken,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          slug: 'huge',
          title: 'Huge',
          category: 'C',
          description: 'x'.repeat(1_200_000),
        }),
      });
      expect(response.status).toBe(413);
      expect(await count('products')).toBe(before);
    });

    it('missing apikey → 401; another schema → 406', async () => {
      const missing = await fetch(`${stack.url}/rest/v1/products?select=slug`);
      expect(missing.status).toBe(401);
      expect(await missing.json()).toEqual({ message: 'No API key found in request' });
      const schema = await rest(stack, 'users?select=*', { headers: { 'accept-profile': 'auth' } });
      expect(schema.status).toBe(406);
      expect(((await schema.json()) as { code: string }).code).toBe('PGRST106');
    });
  });
});
