// The admin dashboard at scale: loads 100,000 synthetic orders (with their lines, 20,000 customers and the
// purchases paid orders grant) into a FRESH in-memory local stack (never the tests' databases, never the seed),
// then runs each dashboard query the way the app does (supabase-js, REST and RPC, with the demo admin's JWT)
// several times and prints the medians as a Markdown table. Budget: 50 ms each on the local stack.
// A benchmark, never a pass/fail test. `tsx scripts/bench-admin.ts [--orders=N] [--runs=N]`.
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { startLocalStack, type LocalStack } from '../supabase/local/server.ts';
import type { Figure } from './bench-figures.ts';

const arg = (name: string, fallback: number) => {
  const value = process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
  return value && /^\d+$/.test(value) ? Number(value) : fallback;
};

const ORDERS = arg('orders', 100_000);
const CUSTOMERS = Math.max(100, Math.round(ORDERS / 5));
const RUNS = arg('runs', 9);
const BUDGET_MS = 50;

export interface AdminBenchRow {
  query: string;
  medianMs: number;
  rows: number;
}

/** Bulk load, as a restore would be: row triggers off, then the rollups rebuilt once and statistics taken. */
export async function loadSyntheticOrders(stack: LocalStack): Promise<void> {
  await stack.db.transaction(async (tx) => {
    // Turning triggers off needs a superuser; the stack's session is postgres (as hosted), so this bulk load
    // (local only) becomes supabase_admin for its transaction.
    await tx.exec(
      `set local session authorization supabase_admin; set local session_replication_role = replica`,
    );
    await tx.query(
      `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
         raw_app_meta_data, raw_user_meta_data, created_at, updated_at, last_sign_in_at, is_anonymous)
       select '00000000-0000-0000-0000-000000000000', gen_random_uuid(), 'authenticated', 'authenticated',
         'bench-customer-' || g || '@example.test', '', now() - make_interval(days => 1100 - (g % 1100)),
         '{"provider":"email","providers":["email"]}'::jsonb, '{}'::jsonb,
         now() - make_interval(days => 1100 - (g % 1100)), now(),
         case when g % 3 = 0 then null else now() - make_interval(days => g % 200) end, false
       from generate_series(1, $1::integer) g`,
      [CUSTOMERS],
    );
    await tx.exec(`
      create temp table bench_customers on commit drop as
        select row_number() over (order by id) as n, id from auth.users where email like 'bench-customer-%';
      create temp table bench_products on commit drop as
        select row_number() over (order by id) as n, id, title, category, price_pence from public.products;
      create temp table bench_packages on commit drop as
        select row_number() over (order by id) as n, id, title, category, price_pence from public.packages;
      create index on bench_customers (n);
      create index on bench_products (n);
      create index on bench_packages (n);
    `);
    // Orders over three years: most paid, some refunded, expired, failed or pending; one in ten has two lines.
    await tx.query(
      `create temp table bench_orders on commit drop as
         select g, gen_random_uuid() as id,
           1 + (g * 7919) % $2::integer as customer,
           case when g % 100 < 88 then 'paid' when g % 100 < 91 then 'refunded' when g % 100 < 95 then 'expired'
                when g % 100 < 97 then 'failed' else 'pending' end as status,
           now() - make_interval(secs => (g::float8 / $1::integer) * 3 * 365 * 86400) as created_at,
           1 + (g % 10 = 0)::integer as line_count
         from generate_series(1, $1::integer) g`,
      [ORDERS, CUSTOMERS],
    );
    const counts = (
      await tx.query<{ products: number; packages: number }>(
        `select (select count(*) from bench_products)::int as products, (select count(*) from bench_packages)::int as packages`,
      )
    ).rows[0]!;
    await tx.query(
      `create temp table bench_lines on commit drop as
         select o.id as order_id, o.status, c.id as user_id, o.created_at, p.pos as position,
           case when (o.g + p.pos) % 4 = 0 then 'package' else 'product' end as kind,
           pr.id as product_id, pr.title as product_title, pr.category as product_category, pr.price_pence as product_price,
           pk.id as package_id, pk.title as package_title, pk.category as package_category, pk.price_pence as package_price
         from bench_orders o
         join bench_customers c on c.n = o.customer
         cross join lateral generate_series(1, o.line_count) as p(pos)
         join bench_products pr on pr.n = 1 + ((o.g * 31 + p.pos * 17) % $1::integer)
         join bench_packages pk on pk.n = 1 + ((o.g * 13 + p.pos) % $2::integer)`,
      [counts.products, counts.packages],
    );
    await tx.exec(`
      insert into public.orders (id, user_id, stripe_session_id, stripe_payment_intent_id, status, amount_pence,
        amount_paid_pence, created_at, updated_at, fulfilled_at, refunded_at)
      select o.id, c.id, 'cs_bench_' || o.g,
        case when o.status in ('paid', 'refunded') then 'pi_bench_' || o.g end,
        o.status, t.total, case when o.status in ('paid', 'refunded') then t.total end,
        o.created_at, o.created_at,
        case when o.status in ('paid', 'refunded') then o.created_at end,
        case when o.status = 'refunded' then o.created_at + interval '3 days' end
      from bench_orders o
      join bench_customers c on c.n = o.customer
      -- One grouped pass (a per-order subquery over unindexed lines would be quadratic at this size).
      join (
        select l.order_id, sum(case when l.kind = 'product' then l.product_price else l.package_price end)::integer as total
        from bench_lines l group by l.order_id
      ) t on t.order_id = o.id;

      insert into public.order_lines (order_id, position, kind, product_id, package_id, title, category, price_pence)
      select order_id, position, kind,
        case when kind = 'product' then product_id end, case when kind = 'package' then package_id end,
        case when kind = 'product' then product_title else package_title end,
        case when kind = 'product' then product_category else package_category end,
        case when kind = 'product' then product_price else package_price end
      from bench_lines;

      insert into public.purchases (user_id, product_id, order_id, title, category, price, created_at)
      select distinct on (l.user_id, l.product_id) l.user_id, l.product_id, l.order_id, l.product_title,
        l.product_category, l.product_price / 100.0, l.created_at
      from bench_lines l
      where l.status = 'paid' and l.kind = 'product'
      order by l.user_id, l.product_id, l.created_at
      on conflict (user_id, product_id) do nothing;

      -- An activity log with years of history.
      insert into public.admin_activity (created_at, actor_id, actor_email, action, entity_type, entity_id, summary, before, after)
      select now() - make_interval(hours => g), '00000000-0000-4000-a000-00000000ad01', 'admin@example.com',
        'product.update', 'product', null, 'Bench edit ' || g, '{"price_pence": 299}'::jsonb, '{"price_pence": 349}'::jsonb
      from generate_series(1, 10000) g;
    `);
  });
  // Row triggers were off for the bulk load: fill what they keep (the customer directory, the sales rollups).
  await stack.db.exec(`
    insert into public.customer_directory (user_id, email, joined_at, last_sign_in_at)
    select u.id, u.email, u.created_at, u.last_sign_in_at from auth.users u
    on conflict (user_id) do nothing;
    select public.admin_rebuild_sales_rollups();
  `);
  await stack.db.exec(`vacuum analyze`);
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

type Query = [
  label: string,
  run: (client: SupabaseClient) => PromiseLike<{ data: unknown; error: { message: string } | null }>,
];

export async function runAdminBench(log: (line: string) => void = console.info): Promise<AdminBenchRow[]> {
  const stack = await startLocalStack({
    port: 0,
    dataDir: null,
    siteUrl: 'http://localhost:4173',
    quiet: true,
  });
  try {
    const loadStart = performance.now();
    await loadSyntheticOrders(stack);
    log(
      `Loaded ${ORDERS} orders and ${CUSTOMERS} customers in ${((performance.now() - loadStart) / 1000).toFixed(1)} s.`,
    );

    const client = createClient(stack.url, stack.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      realtime: { transport: WebSocket as never },
    });
    const signIn = await client.auth.signInWithPassword({
      email: 'admin@example.com',
      password: 'password123',
    });
    if (signIn.error) throw signIn.error;

    const sample = (
      await stack.db.query<{ email: string; user_id: string; order_id: string; title: string }>(
        `select u.email, o.user_id, o.id as order_id, l.title
         from public.orders o join auth.users u on u.id = o.user_id join public.order_lines l on l.order_id = o.id
         where o.status = 'paid' and l.kind = 'product' order by o.created_at desc offset 500 limit 1`,
      )
    ).rows[0]!;
    const monthAgo = new Date(Date.now() - 90 * 86400_000).toISOString().slice(0, 10);

    const queries: Query[] = [
      ['Overview (`admin_overview`)', (c) => c.rpc('admin_overview')],
      ['Orders, page 1 (`admin_list_orders`)', (c) => c.rpc('admin_list_orders', { p_limit: 26 })],
      ['Orders, page 40', (c) => c.rpc('admin_list_orders', { p_limit: 26, p_offset: 1000 })],
      [
        'Orders, status refunded + last 90 days',
        (c) => c.rpc('admin_list_orders', { p_status: 'refunded', p_from: monthAgo, p_limit: 26 }),
      ],
      ['Orders, search by email', (c) => c.rpc('admin_list_orders', { p_search: sample.email, p_limit: 26 })],
      [
        'Orders, search by audio title',
        (c) => c.rpc('admin_list_orders', { p_search: sample.title, p_limit: 26 }),
      ],
      [
        'Order detail (`admin_order_detail`)',
        (c) => c.rpc('admin_order_detail', { p_order_id: sample.order_id }),
      ],
      [
        'CSV export, refunded in the last 90 days',
        (c) => c.rpc('admin_export_orders', { p_status: 'refunded', p_from: monthAgo }),
      ],
      ['Customers, page 1 (`admin_list_customers`)', (c) => c.rpc('admin_list_customers', { p_limit: 26 })],
      [
        'Customers, search by email',
        (c) => c.rpc('admin_list_customers', { p_search: 'bench-customer-1234', p_limit: 26 }),
      ],
      ["A customer's purchases", (c) => c.rpc('admin_customer_purchases', { p_user_id: sample.user_id })],
      [
        'Catalogue: products (REST)',
        (c) =>
          c
            .from('products')
            .select(
              'id, slug, title, category, description, price_pence, published, audio_path, preview_path',
            )
            .order('category')
            .order('sort_order')
            .order('title'),
      ],
      [
        'Catalogue: packages with contents (REST)',
        (c) =>
          c
            .from('packages')
            .select(
              'id, slug, title, category, description, price_pence, published, package_items(position, products(title))',
            )
            .order('category')
            .order('sort_order')
            .order('title'),
      ],
      ['Admins (`admin_list_admins`)', (c) => c.rpc('admin_list_admins')],
      [
        'Activity log, page 1 (REST)',
        (c) =>
          c
            .from('admin_activity')
            .select('id, created_at, actor_email, action, entity_type, summary, before, after')
            .order('created_at', { ascending: false })
            .order('id', { ascending: false })
            .range(0, 25),
      ],
    ];

    const rows: AdminBenchRow[] = [];
    for (const [label, run] of queries) {
      const first = await run(client); // warm-up, and the row count
      if (first.error) throw new Error(`${label}: ${first.error.message}`);
      const times: number[] = [];
      for (let i = 0; i < RUNS; i += 1) {
        const start = performance.now();
        const result = await run(client);
        times.push(performance.now() - start);
        if (result.error) throw new Error(`${label}: ${result.error.message}`);
      }
      const data = first.data;
      rows.push({
        query: label,
        medianMs: median(times),
        rows: Array.isArray(data)
          ? data.length
          : typeof data === 'string'
            ? data.split('\r\n').length - 2
            : 1,
      });
    }
    return rows;
  } finally {
    await stack.stop();
  }
}

export function adminBenchTable(rows: AdminBenchRow[]): string {
  return [
    `Admin dashboard at ${ORDERS.toLocaleString('en-GB')} orders (${CUSTOMERS.toLocaleString('en-GB')} customers), supabase-js with an admin JWT against the local stack, median of ${RUNS} runs; budget ${BUDGET_MS} ms.`,
    '',
    '| Query | Median (ms) | Rows | Within budget |',
    '| --- | --- | --- | --- |',
    ...rows.map(
      (r) =>
        `| ${r.query} | ${r.medianMs.toFixed(1)} | ${r.rows} | ${r.medianMs <= BUDGET_MS ? 'yes' : 'no'} |`,
    ),
  ].join('\n');
}

/** README's figure: the slowest of the dashboard's queries against the budget. */
export function adminBenchFigure(rows: readonly AdminBenchRow[]): Figure {
  const slowest = rows.reduce((a, b) => (b.medianMs > a.medianMs ? b : a));
  const within = rows.filter((r) => r.medianMs <= BUDGET_MS).length;
  return {
    what: `Admin dashboard at ${ORDERS.toLocaleString('en-GB')} orders, slowest query (budget ${BUDGET_MS} ms)`,
    value: `${slowest.medianMs.toFixed(1)} ms (${slowest.query}); ${within} of ${rows.length} queries within budget`,
    command: 'npx tsx scripts/bench-admin.ts',
  };
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop()!)) {
  const rows = await runAdminBench();
  console.info(adminBenchTable(rows));
  process.exit(0);
}
