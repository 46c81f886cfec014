import { FunctionsHttpError, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchAccountData } from '@/features/account/api/account-data';
import { DEMO_ACCOUNTS } from '../../supabase/local/db/db.ts';
import { messages } from '../../supabase/functions/delete-account/messages.ts';
import type { LocalStack } from '../../supabase/local/server.ts';
import { confirmedUser, makeClient, signedInClient, startTestStack } from './support/stack.ts';

// delete-account and Download my data against the local stack: the real function module, the real
// migrations and policies, supabase-js as the app uses it.

const demoAdmin = DEMO_ACCOUNTS.find((account) => account.role === 'admin')!;

let stack: LocalStack;

beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => {
  await stack?.stop();
});

/** A paid order of two catalogue audios for `userId`, with its lines and purchases; returns the order id. */
async function giveOrder(userId: string, slugs: [string, string]): Promise<{ orderId: string; productIds: string[] }> {
  const products = await stack.db.query<{ id: string; title: string; category: string; price_pence: number }>(
    'select id, title, category, price_pence from public.products where slug = any($1::text[]) order by slug',
    [slugs],
  );
  expect(products.rows).toHaveLength(2);
  const total = products.rows.reduce((sum, row) => sum + row.price_pence, 0);
  const order = await stack.db.query<{ id: string }>(
    `insert into public.orders (user_id, status, amount_pence, amount_paid_pence, fulfilled_at)
     values ($1, 'paid', $2, $2, now()) returning id`,
    [userId, total],
  );
  const orderId = order.rows[0]!.id;
  for (const [index, product] of products.rows.entries()) {
    await stack.db.query(
      `insert into public.order_lines (order_id, position, kind, product_id, title, category, price_pence)
       values ($1, $2, 'product', $3, $4, $5, $6)`,
      [orderId, index + 1, product.id, product.title, product.category, product.price_pence],
    );
    await stack.db.query(
      `insert into public.purchases (user_id, product_id, order_id, title, category, price)
       values ($1, $2, $3, $4, $5, $6::numeric / 100)`,
      [userId, product.id, orderId, product.title, product.category, product.price_pence],
    );
  }
  return { orderId, productIds: products.rows.map((row) => row.id) };
}

async function count(sql: string, params: unknown[]): Promise<number> {
  return (await stack.db.query<{ n: number }>(`select count(*)::int as n from ${sql}`, params)).rows[0]!.n;
}

async function slugs(): Promise<string[]> {
  return (await stack.db.query<{ slug: string }>('select slug from public.products order by slug limit 4')).rows.map(
    (row) => row.slug,
  );
}

async function invokeDelete(client: SupabaseClient, body: Record<string, unknown> = {}) {
  const { data, error } = await client.functions.invoke<Record<string, unknown>>('delete-account', { body });
  if (!error) return { status: 200, body: data };
  expect(error).toBeInstanceOf(FunctionsHttpError);
  const response = (error as FunctionsHttpError).context as Response;
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('Download my data (through RLS)', () => {
  it("exports the caller's account, purchases and orders, and none of anyone else's", async () => {
    const [a, b] = [await confirmedUser(stack, 'export-a'), await confirmedUser(stack, 'export-b')];
    const [s1, s2, s3, s4] = await slugs();
    const own = await giveOrder(a.id, [s1!, s2!]);
    const other = await giveOrder(b.id, [s3!, s4!]);

    const { client } = await signedInClient(stack, a.email, a.password);
    const data = await fetchAccountData(client);
    expect(data.account).toMatchObject({ id: a.id, email: a.email, roles: [] });
    expect(data.account.createdAt).toBeTruthy();
    expect(data.purchases.map((p) => p.productId).sort()).toEqual([...own.productIds].sort());
    expect(data.purchases.every((p) => p.orderId === own.orderId)).toBe(true);
    expect(data.orders).toHaveLength(1);
    expect(data.orders[0]).toMatchObject({ id: own.orderId, status: 'paid' });
    expect(data.orders[0]!.lines.map((line) => line.position)).toEqual([1, 2]);
    expect(JSON.stringify(data)).not.toContain(b.id);

    // Asking for the other customer's rows by id reads nothing: RLS, not the page, decides.
    const theirs = await client.from('purchases').select('id').eq('user_id', b.id);
    expect(theirs).toMatchObject({ error: null, data: [] });
    const theirOrder = await client.from('orders').select('id, order_lines(title)').eq('id', other.orderId);
    expect(theirOrder).toMatchObject({ error: null, data: [] });
    const theirLines = await client.from('order_lines').select('title').eq('order_id', other.orderId);
    expect(theirLines).toMatchObject({ error: null, data: [] });
  });

  it('a signed-out visitor gets nothing', async () => {
    await expect(fetchAccountData(makeClient(stack))).rejects.toThrow();
  });
});

describe('delete-account', () => {
  it('deletes the caller only: purchases and roles gone, orders kept anonymised with their lines, sign-in refused', async () => {
    const [a, b] = [await confirmedUser(stack, 'delete-a'), await confirmedUser(stack, 'delete-b')];
    const [s1, s2, s3, s4] = await slugs();
    const own = await giveOrder(a.id, [s1!, s2!]);
    await giveOrder(b.id, [s3!, s4!]);
    await stack.db.query(`insert into public.user_roles (user_id, role) values ($1, 'customer')`, [a.id]);

    const { client } = await signedInClient(stack, a.email, a.password);
    // The body names someone else: it is ignored, the verified JWT decides whose account goes.
    const result = await invokeDelete(client, { user_id: b.id, userId: b.id });
    expect(result).toEqual({
      status: 200,
      body: {
        deleted: true,
        purchases_deleted: 2,
        orders_anonymised: 1,
        roles_deleted: 1,
        log_entries_anonymised: 0,
      },
    });

    expect(await count('auth.users where id = $1', [a.id])).toBe(0);
    expect(await count('auth.sessions where user_id = $1', [a.id])).toBe(0);
    expect(await count('public.purchases where user_id = $1', [a.id])).toBe(0);
    expect(await count('public.user_roles where user_id = $1', [a.id])).toBe(0);
    const order = await stack.db.query<{ user_id: string | null; status: string; lines: number }>(
      `select o.user_id, o.status, (select count(*)::int from public.order_lines l where l.order_id = o.id) as lines
       from public.orders o where o.id = $1`,
      [own.orderId],
    );
    expect(order.rows).toEqual([{ user_id: null, status: 'paid', lines: 2 }]);

    // The other customer is untouched.
    expect(await count('auth.users where id = $1', [b.id])).toBe(1);
    expect(await count('public.purchases where user_id = $1', [b.id])).toBe(2);
    expect(await count('public.orders where user_id = $1', [b.id])).toBe(1);

    const again = await makeClient(stack).auth.signInWithPassword({ email: a.email, password: a.password });
    expect(again.error).toMatchObject({ status: 400, message: 'Invalid login credentials' });
  });

  it('refuses callers who are not signed in, and anything but POST', async () => {
    const anon = await invokeDelete(makeClient(stack));
    expect(anon).toEqual({ status: 401, body: { error: 'Please sign in to continue.' } });

    const b = await confirmedUser(stack, 'delete-get');
    const { client } = await signedInClient(stack, b.email, b.password);
    const token = (await client.auth.getSession()).data.session!.access_token;
    const get = await fetch(`${stack.url}/functions/v1/delete-account`, {
      headers: { authorization: `Bearer ${token}`, apikey: stack.anonKey },
    });
    expect(get.status).toBe(405);
    expect(await count('auth.users where id = $1', [b.id])).toBe(1);
  });

  it('the SQL function is for the service role only: a customer cannot call it for anyone', async () => {
    const [a, b] = [await confirmedUser(stack, 'rpc-a'), await confirmedUser(stack, 'rpc-b')];
    const { client } = await signedInClient(stack, a.email, a.password);
    for (const target of [a.id, b.id]) {
      const { error } = await client.rpc('delete_account', { p_user_id: target });
      expect(error?.code).toBe('42501');
    }
    const anon = await makeClient(stack).rpc('delete_account', { p_user_id: b.id });
    expect(anon.error?.code).toBe('42501');
    expect(await count('auth.users where id = any($1::uuid[])', [[a.id, b.id]])).toBe(2);
  });

  it('the last admin is refused (409, nothing changed); with another admin they may go, and then that one is last', async () => {
    const { client: adminClient } = await signedInClient(stack, demoAdmin.email, demoAdmin.password);
    const refused = await invokeDelete(adminClient);
    expect(refused).toEqual({ status: 409, body: { error: messages.lastAdmin } });
    expect(await count('auth.users where id = $1', [demoAdmin.id])).toBe(1);
    expect(await count(`public.user_roles where user_id = $1 and role = 'admin'`, [demoAdmin.id])).toBe(1);

    const second = await confirmedUser(stack, 'second-admin');
    await stack.db.query(`insert into public.user_roles (user_id, role) values ($1, 'admin')`, [second.id]);
    const { client: secondClient } = await signedInClient(stack, second.email, second.password);
    expect(await invokeDelete(secondClient)).toMatchObject({ status: 200, body: { deleted: true, roles_deleted: 1 } });

    // Back to one admin: still refused.
    expect((await invokeDelete(adminClient)).status).toBe(409);

    const third = await confirmedUser(stack, 'third-admin');
    await stack.db.query(`insert into public.user_roles (user_id, role) values ($1, 'admin')`, [third.id]);
    expect(await invokeDelete(adminClient)).toMatchObject({ status: 200, body: { deleted: true } });
    expect(await count('auth.users where id = $1', [demoAdmin.id])).toBe(0);
    const thirdClient = (await signedInClient(stack, third.email, third.password)).client;
    expect(await invokeDelete(thirdClient)).toEqual({ status: 409, body: { error: messages.lastAdmin } });
  });
});
