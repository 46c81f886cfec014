// The race that deadlocked before docs/money.md's lock order (issue 23): paid orders created on two London
// days, sharing audios in opposite line order, fulfilled at the same moment as refunds of other orders with
// the same audios, each call on its own connection. Also two orders of one customer granting the same audio
// at once (one wins; the other records the audio as ungranted). After a round every invariant of the money
// is checked on the database itself.
import { randomUUID } from 'node:crypto';

/** One connection: a statement at a time (node-postgres client, or PGlite, which runs them one by one). */
export interface Connection {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
}

export type RoundResult = {
  calls: number;
  errors: { code: string; message: string }[];
  deadlocks: number;
  /** Broken invariants, in words (empty when the money is exact). */
  problems: string[];
};

type Opened = { order_id: string; amount_pence: number };

async function createUser(db: Connection): Promise<string> {
  const id = randomUUID();
  await db.query(
    `insert into auth.users (id, aud, role, email, encrypted_password, email_confirmed_at,
       raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
     values ($1, 'authenticated', 'authenticated', $2, '', now(),
       '{"provider":"email","providers":["email"]}', '{}', now(), now())`,
    [id, `race-${id}@example.test`],
  );
  return id;
}

/** Opens an order as create-checkout does, gives it a session, and moves it to a London day. */
async function openOrder(
  db: Connection,
  userId: string,
  items: { kind: string; id: string }[],
  daysAgo: number,
): Promise<Opened> {
  const opened = (
    await db.query<{ j: Opened }>(`select public.open_checkout_order($1, $2::jsonb) as j`, [
      userId,
      JSON.stringify(items),
    ])
  ).rows[0]!.j;
  await db.query(
    `update public.orders set stripe_session_id = $2, created_at = now() - make_interval(days => $3) where id = $1`,
    [opened.order_id, `cs_race_${opened.order_id}`, daysAgo],
  );
  return opened;
}

const fulfilSql = `select public.fulfil_order($1, $2, $3, $4) as j`;
const refundSql = `select public.mark_order_refunded($1) as j`;

/**
 * One round: `fulfilments` orders fulfilled and `refunds` paid orders refunded, all at once, each on its own
 * connection from `connections` (as many as calls). `setup` is any connection (superuser or postgres).
 */
export async function raceRound(
  setup: Connection,
  connections: Connection[],
  fulfilments = 20,
  refunds = 10,
): Promise<RoundResult> {
  const products = (
    await setup.query<{ id: string }>(
      `select pr.id from public.products pr
       where pr.published and not exists (select 1 from public.package_items pi where pi.product_id = pr.id)
       order by pr.category, pr.sort_order limit 4`,
    )
  ).rows.map((row) => row.id);
  const packages = (
    await setup.query<{ id: string }>(
      `select id from public.packages where published order by sort_order limit 2`,
    )
  ).rows.map((row) => row.id);
  const [x, y, z] = products as [string, string, string];
  const [p1, p2] = packages as [string, string];

  // Carts sharing x, y (opposite order) and z, packages sharing the Inception Guide.
  const carts = [
    [
      { kind: 'product', id: x },
      { kind: 'product', id: y },
    ],
    [
      { kind: 'product', id: y },
      { kind: 'product', id: x },
    ],
    [
      { kind: 'product', id: z },
      { kind: 'package', id: p1 },
      { kind: 'product', id: x },
    ],
    [
      { kind: 'package', id: p2 },
      { kind: 'product', id: y },
      { kind: 'product', id: z },
    ],
  ];

  type Job =
    { kind: 'fulfil'; order: Opened; userId: string } | { kind: 'refund'; order: Opened; userId: string };
  const jobs: Job[] = [];
  // Refunds: paid orders of their own customers, fulfilled now (sequentially), refunded in the race.
  for (let i = 0; i < refunds; i += 1) {
    const userId = await createUser(setup);
    const order = await openOrder(setup, userId, carts[i % carts.length]!, i % 2);
    await setup.query(fulfilSql, [
      order.order_id,
      `cs_race_${order.order_id}`,
      `pi_race_${order.order_id}`,
      order.amount_pence,
    ]);
    jobs.push({ kind: 'refund', order, userId });
  }
  // Fulfilments: mostly one order per customer; every fourth customer has two orders granting the same audio
  // (the second checkout closed the first, but both were paid), fulfilled at the same time.
  for (let i = 0; i < fulfilments;) {
    const userId = await createUser(setup);
    const twice = i % 4 === 3 && i + 1 < fulfilments;
    const first = await openOrder(setup, userId, carts[i % carts.length]!, i % 2);
    jobs.push({ kind: 'fulfil', order: first, userId });
    i += 1;
    if (twice) {
      const second = await openOrder(setup, userId, carts[(i + 1) % carts.length]!, i % 2);
      jobs.push({ kind: 'fulfil', order: second, userId });
      i += 1;
    }
  }
  if (connections.length < jobs.length)
    throw new Error(`need ${jobs.length} connections, have ${connections.length}`);

  // Interleave the kinds so refunds and fulfilments start together.
  jobs.sort((a, b) => (a.order.order_id < b.order.order_id ? -1 : 1));
  const errors: RoundResult['errors'] = [];
  await Promise.all(
    jobs.map(async (job, index) => {
      const db = connections[index]!;
      try {
        if (job.kind === 'fulfil') {
          await db.query(fulfilSql, [
            job.order.order_id,
            `cs_race_${job.order.order_id}`,
            `pi_race_${job.order.order_id}`,
            job.order.amount_pence,
          ]);
        } else {
          await db.query(refundSql, [`pi_race_${job.order.order_id}`]);
        }
      } catch (error) {
        const { code = '', message = String(error) } = error as { code?: string; message?: string };
        errors.push({ code, message });
      }
    }),
  );

  const problems: string[] = [];
  const ids = jobs.map((job) => job.order.order_id);
  const orders = (
    await setup.query<{
      id: string;
      status: string;
      amount_paid_pence: number | null;
      ungranted_pence: number;
      granted: number;
      purchases: number;
    }>(
      `select o.id, o.status, o.amount_paid_pence, o.ungranted_pence,
              coalesce((select sum((p.price * 100)::int) from public.purchases p where p.order_id = o.id), 0)::int as granted,
              (select count(*) from public.purchases p where p.order_id = o.id)::int as purchases
       from public.orders o where o.id = any ($1::uuid[])`,
      [ids],
    )
  ).rows;
  const byId = new Map(orders.map((row) => [row.id, row]));
  for (const job of jobs) {
    const row = byId.get(job.order.order_id);
    if (!row) {
      problems.push(`order ${job.order.order_id} is missing`);
      continue;
    }
    if (job.kind === 'refund') {
      if (row.status !== 'refunded' || row.purchases !== 0)
        problems.push(`refund of ${row.id}: ${row.status}, ${row.purchases} purchases`);
    } else {
      if (row.status !== 'paid') problems.push(`fulfilment of ${row.id}: ${row.status}`);
      // Each purchase records its price; with what was refunded as ungranted they add up to the charge.
      if (row.granted + row.ungranted_pence !== row.amount_paid_pence) {
        problems.push(
          `order ${row.id}: purchases ${row.granted}p + ungranted ${row.ungranted_pence}p ≠ paid ${String(row.amount_paid_pence)}p`,
        );
      }
    }
  }
  // Every audio a fulfilled order was for is owned by its customer, exactly once.
  const missing = (
    await setup.query<{ order_id: string; product_id: string; owners: number }>(
      `select oi.order_id, oi.product_id,
              (select count(*) from public.purchases p where p.user_id = o.user_id and p.product_id = oi.product_id)::int as owners
       from public.order_items oi join public.orders o on o.id = oi.order_id
       where o.id = any ($1::uuid[]) and o.status = 'paid'`,
      [ids],
    )
  ).rows.filter((row) => row.owners !== 1);
  for (const row of missing)
    problems.push(`order ${row.order_id}: audio ${row.product_id} owned ${row.owners} times`);
  // The sales rollups agree with the orders they summarise.
  const rollup = (
    await setup.query<{
      day: string;
      orders: number;
      revenue: number;
      expected_orders: number;
      expected_revenue: number;
    }>(
      `with summed as (
         select d.day, sum(d.orders)::int as orders, sum(d.revenue_pence)::bigint as revenue
         from public.admin_sales_by_day d group by d.day
       ), expected as (
         select public.london_day(o.created_at) as day, count(*)::int as orders,
                sum(coalesce(o.amount_paid_pence, o.amount_pence) - o.ungranted_pence)::bigint as revenue
         from public.orders o where o.status = 'paid' group by 1
       )
       select coalesce(s.day, e.day)::text as day, coalesce(s.orders, 0) as orders, coalesce(s.revenue, 0)::int as revenue,
              coalesce(e.orders, 0) as expected_orders, coalesce(e.revenue, 0)::int as expected_revenue
       from summed s full join expected e on e.day = s.day
       where coalesce(s.orders, 0) <> coalesce(e.orders, 0) or coalesce(s.revenue, 0) <> coalesce(e.revenue, 0)`,
    )
  ).rows;
  for (const row of rollup)
    problems.push(
      `sales of ${row.day}: ${row.orders} orders ${row.revenue}p, expected ${row.expected_orders} ${row.expected_revenue}p`,
    );

  return { calls: jobs.length, errors, deadlocks: errors.filter((e) => e.code === '40P01').length, problems };
}
