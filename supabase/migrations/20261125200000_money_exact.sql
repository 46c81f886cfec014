-- Money exact under concurrency and faults (docs/money.md):
--
-- * Each order records the exact price of every audio it grants (order_items), decided when the checkout is
--   opened: a package is priced without the audios the customer already owns or buys elsewhere in the cart.
-- * One open checkout per audio per customer: opening a checkout for an audio that another open checkout of
--   the same customer holds closes the earlier order (its Stripe session is expired by create-checkout).
-- * Fulfilment grants each audio once; what it cannot grant (owned meanwhile, or no account any more) is
--   recorded as ungranted_pence and refunded automatically by the caller. Purchases of an order plus its
--   ungranted pence always equal what the order charged.
-- * No deadlocks: every money transaction takes its row locks in one order: the order row, its purchases in
--   product order, then the sales rollups (day slot, customer, item slots in key order). The day and item
--   rollups are split over 8 slots (by order id), so concurrent orders of one day rarely wait on one row.
-- * Disputes: an open dispute moves the order's purchases aside (suspended_purchases) so no ownership check
--   sees them; a won dispute puts them back, a lost one deletes them.
-- * Receipts and refund notices are claimed once per order (receipt_sent_at, refund_notice_sent_at).
--
-- Every function here is security invoker and executable by the service role only, except the admin
-- function (security definer, checks is_admin) and the rollup triggers (security definer, no API role).

-- Price splitting ---------------------------------------------------------------------------------------------

-- p_total pence spread over p_weights, largest remainder (ties to the earlier weight): whole pence that add up
-- exactly to p_total, in the weights' order. All weights zero: all to nothing but the first.
create function public.split_pence(p_total integer, p_weights numeric[]) returns integer[]
language sql
immutable
set search_path = ''
as $$
  with w as (
    select t.weight, t.idx, sum(t.weight) over () as total
    from unnest(p_weights) with ordinality as t(weight, idx)
  ),
  exact as (
    select w.idx,
           case when w.total > 0 then p_total * w.weight / w.total
                when w.idx = 1 then p_total::numeric else 0 end as share
    from w
  ),
  floored as (
    select e.idx, floor(e.share) as base, e.share - floor(e.share) as frac from exact e
  ),
  ranked as (
    select f.idx, f.base,
           row_number() over (order by f.frac desc, f.idx) as rn,
           p_total - sum(f.base) over () as leftover
    from floored f
  )
  select coalesce(array_agg((r.base + case when r.rn <= r.leftover then 1 else 0 end)::integer order by r.idx),
                  '{}')
  from ranked r
$$;

revoke execute on function public.split_pence(integer, numeric[]) from public, anon, authenticated;
grant execute on function public.split_pence(integer, numeric[]) to service_role;

-- Orders: what fulfilment could not grant, disputes, emails ------------------------------------------------------

alter table public.orders
  add column ungranted_pence integer not null default 0 check (ungranted_pence >= 0),
  add column ungranted_refund_id text,
  add column ungranted_refunded_at timestamptz,
  add column dispute_status text check (dispute_status in ('open', 'won', 'lost')),
  add column stripe_dispute_id text unique,
  add column disputed_at timestamptz,
  add column dispute_closed_at timestamptz,
  add column receipt_sent_at timestamptz,
  add column refund_notice_sent_at timestamptz;

comment on column public.orders.ungranted_pence is
  'Paid for audios fulfilment could not grant (already owned, or no account): refunded automatically.';
comment on column public.orders.ungranted_refund_id is 'The Stripe refund of ungranted_pence, once made.';
comment on column public.orders.dispute_status is 'A chargeback: open (access suspended), won (restored), lost (revoked).';

create index orders_dispute_status_idx on public.orders (dispute_status, disputed_at desc)
  where dispute_status is not null;
-- Open checkouts of a customer (one per audio) are found by user and status.
create index orders_user_id_status_idx on public.orders (user_id, status);

-- What each order grants and what each audio costs in it -----------------------------------------------------

create table public.order_items (
  order_id uuid not null references public.orders (id) on delete cascade,
  product_id uuid not null references public.products (id),
  -- The order line (position) the audio comes from.
  line_position smallint not null check (line_position > 0),
  price_pence integer not null check (price_pence >= 0),
  primary key (order_id, product_id)
);
create index order_items_product_id_idx on public.order_items (product_id);

comment on table public.order_items is
  'Every audio an order grants with its price in pence, fixed at checkout; the lines'' prices split over them.';

revoke all on public.order_items from anon, authenticated, service_role;
grant select on public.order_items to authenticated;
grant select, insert on public.order_items to service_role;

alter table public.order_items enable row level security;
alter table public.order_items force row level security;

create policy "Customers read their own order items; admins read all"
  on public.order_items for select
  to authenticated
  using (exists (
    select 1 from public.orders o
    where o.id = order_items.order_id
      and (o.user_id = (select auth.uid()) or (select public.is_admin()))
  ));

-- The items of an order opened before order_items existed (or written without them): products as they are, a
-- package line's price split over its current items by catalogue price. Returns how many rows it wrote.
create function public.fill_order_items(p_order_id uuid) returns integer
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_line record;
  v_items uuid[];
  v_prices integer[];
  v_count integer := 0;
begin
  if exists (select 1 from public.order_items oi where oi.order_id = p_order_id) then
    return 0;
  end if;
  for v_line in
    select l.position, l.kind, l.product_id, l.package_id, l.price_pence
    from public.order_lines l where l.order_id = p_order_id order by l.position
  loop
    if v_line.kind = 'product' and v_line.product_id is not null then
      insert into public.order_items (order_id, product_id, line_position, price_pence)
      values (p_order_id, v_line.product_id, v_line.position, v_line.price_pence)
      on conflict do nothing;
      v_count := v_count + 1;
    elsif v_line.kind = 'package' and v_line.package_id is not null then
      select array_agg(pi.product_id order by pi.position), array_agg(pr.price_pence::numeric order by pi.position)
        into v_items, v_prices
      from public.package_items pi join public.products pr on pr.id = pi.product_id
      where pi.package_id = v_line.package_id;
      if v_items is not null then
        insert into public.order_items (order_id, product_id, line_position, price_pence)
        select p_order_id, t.product_id, v_line.position, t.price
        from unnest(v_items, public.split_pence(v_line.price_pence, v_prices::numeric[])) as t(product_id, price)
        on conflict do nothing;
        v_count := v_count + array_length(v_items, 1);
      end if;
    end if;
  end loop;
  return v_count;
end
$$;

revoke execute on function public.fill_order_items(uuid) from public, anon, authenticated;
grant execute on function public.fill_order_items(uuid) to service_role;

select public.fill_order_items(o.id) from public.orders o;

-- Purchases set aside while a dispute is open ------------------------------------------------------------------

create table public.suspended_purchases (
  id uuid primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  product_id uuid references public.products (id),
  order_id uuid references public.orders (id) on delete cascade,
  title text not null,
  category text,
  price numeric(10, 2) not null,
  download_url text,
  created_at timestamptz not null,
  suspended_at timestamptz not null default now()
);
create index suspended_purchases_order_id_idx on public.suspended_purchases (order_id);
create index suspended_purchases_user_id_idx on public.suspended_purchases (user_id);

comment on table public.suspended_purchases is
  'Purchases of an order under an open dispute: owned by nobody until the dispute is won (moved back) or lost (deleted).';

revoke all on public.suspended_purchases from anon, authenticated, service_role;
grant select, insert, delete on public.suspended_purchases to service_role;
alter table public.suspended_purchases enable row level security;
alter table public.suspended_purchases force row level security;
-- No policies: only the service role's dispute functions below touch it.

-- Sales rollups without a hot row ----------------------------------------------------------------------------

alter table public.admin_sales_by_day add column slot smallint not null default 0 check (slot between 0 and 7);
alter table public.admin_sales_by_day drop constraint admin_sales_by_day_pkey;
alter table public.admin_sales_by_day add primary key (day, slot);

alter table public.admin_sales_by_item add column slot smallint not null default 0 check (slot between 0 and 7);
alter table public.admin_sales_by_item drop constraint admin_sales_by_item_pkey;
alter table public.admin_sales_by_item add primary key (item_key, slot);

-- The slot an order's rollup rows go to.
create function public.admin_rollup_slot(p_order_id uuid) returns smallint
language sql
immutable
set search_path = ''
as $$
  select (hashtext(p_order_id::text) & 7)::smallint
$$;

revoke execute on function public.admin_rollup_slot(uuid) from public, anon, authenticated, service_role;

-- What a paid order counts as revenue: what was charged, less what was refunded as ungranted.
create function public.admin_order_revenue(p_order public.orders) returns bigint
language sql
immutable
set search_path = ''
as $$
  select (coalesce(p_order.amount_paid_pence, p_order.amount_pence) - p_order.ungranted_pence)::bigint
$$;

revoke execute on function public.admin_order_revenue(public.orders) from public, anon, authenticated, service_role;

create or replace function public.admin_apply_line(p_line public.order_lines, p_sign integer) returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_key text := case
    when p_line.product_id is not null then 'product:' || p_line.product_id
    when p_line.package_id is not null then 'package:' || p_line.package_id
    else 'title:' || p_line.title end;
begin
  insert into public.admin_sales_by_item as s (item_key, slot, kind, title, units, revenue_pence)
  values (v_key, public.admin_rollup_slot(p_line.order_id), p_line.kind, p_line.title, p_sign,
          p_sign * p_line.price_pence)
  on conflict (item_key, slot) do update
    set units = s.units + excluded.units,
        revenue_pence = s.revenue_pence + excluded.revenue_pence,
        title = case when p_sign > 0 then excluded.title else s.title end;
end
$$;

-- Adds or removes one paid order. Lock order (the same in every transaction, so none can deadlock): the day's
-- slot, the customer, then the items' slots in key order.
create or replace function public.admin_apply_order(p_order public.orders, p_sign integer) returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_revenue bigint := public.admin_order_revenue(p_order);
  v_slot smallint := public.admin_rollup_slot(p_order.id);
  v_line public.order_lines;
begin
  insert into public.admin_sales_by_day as d (day, slot, orders, revenue_pence)
  values (public.london_day(p_order.created_at), v_slot, p_sign, p_sign * v_revenue)
  on conflict (day, slot) do update
    set orders = d.orders + excluded.orders, revenue_pence = d.revenue_pence + excluded.revenue_pence;

  if p_order.user_id is not null then
    if p_sign > 0 then
      insert into public.admin_sales_by_customer as c (user_id, orders, spent_pence, last_order_at)
      select p_order.user_id, 1, v_revenue, p_order.created_at
      where exists (select 1 from auth.users u where u.id = p_order.user_id)
      on conflict (user_id) do update
        set orders = c.orders + 1,
            spent_pence = c.spent_pence + excluded.spent_pence,
            last_order_at = greatest(c.last_order_at, excluded.last_order_at);
    else
      update public.admin_sales_by_customer c
        set orders = c.orders - 1, spent_pence = c.spent_pence - v_revenue
        where c.user_id = p_order.user_id;
      delete from public.admin_sales_by_customer c where c.user_id = p_order.user_id and c.orders <= 0;
    end if;
  end if;

  for v_line in
    select * from public.order_lines l where l.order_id = p_order.id
    order by case when l.product_id is not null then 'product:' || l.product_id
                  when l.package_id is not null then 'package:' || l.package_id
                  else 'title:' || l.title end
  loop
    perform public.admin_apply_line(v_line, p_sign);
  end loop;
end
$$;

create or replace function public.admin_track_order() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'UPDATE'
     and old.status = new.status
     and old.amount_pence = new.amount_pence
     and old.amount_paid_pence is not distinct from new.amount_paid_pence
     and old.ungranted_pence = new.ungranted_pence
     and old.user_id is not distinct from new.user_id
     and old.created_at = new.created_at then
    return null;
  end if;
  if tg_op in ('UPDATE', 'DELETE') and old.status = 'paid' then
    perform public.admin_apply_order(old, -1);
  end if;
  if tg_op in ('INSERT', 'UPDATE') and new.status = 'paid' then
    perform public.admin_apply_order(new, 1);
  end if;
  if tg_op = 'DELETE' then
    return old;
  end if;
  return null;
end
$$;

create or replace function public.admin_rebuild_sales_rollups() returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  delete from public.admin_sales_by_day;
  delete from public.admin_sales_by_customer;
  delete from public.admin_sales_by_item;

  insert into public.admin_sales_by_day (day, slot, orders, revenue_pence)
  select public.london_day(o.created_at), 0, count(*), sum(public.admin_order_revenue(o))
  from public.orders o where o.status = 'paid'
  group by 1;

  insert into public.admin_sales_by_customer (user_id, orders, spent_pence, last_order_at)
  select o.user_id, count(*), sum(public.admin_order_revenue(o)), max(o.created_at)
  from public.orders o
  where o.status = 'paid' and o.user_id is not null
    and exists (select 1 from auth.users u where u.id = o.user_id)
  group by 1;

  insert into public.admin_sales_by_item (item_key, slot, kind, title, units, revenue_pence)
  select
    case when l.product_id is not null then 'product:' || l.product_id
         when l.package_id is not null then 'package:' || l.package_id
         else 'title:' || l.title end,
    0, min(l.kind), min(l.title), count(*), sum(l.price_pence)
  from public.order_lines l join public.orders o on o.id = l.order_id
  where o.status = 'paid'
  group by 1;
end
$$;

revoke execute on function public.admin_rebuild_sales_rollups() from public, anon, authenticated, service_role;

-- The overview reads the slots summed: one row per day and per item as before.
create or replace function public.admin_overview() returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_today date := public.london_day(now());
  v_week date := date_trunc('week', v_today)::date;
  v_result jsonb;
begin
  perform public.require_admin();
  select jsonb_build_object(
    'revenue_today_pence', coalesce(sum(d.revenue_pence) filter (where d.day = v_today), 0),
    'revenue_30_days_pence', coalesce(sum(d.revenue_pence) filter (where d.day > v_today - 30), 0),
    'revenue_all_time_pence', coalesce(sum(d.revenue_pence), 0),
    'orders_today', coalesce(sum(d.orders) filter (where d.day = v_today), 0),
    'orders_30_days', coalesce(sum(d.orders) filter (where d.day > v_today - 30), 0),
    'orders_all_time', coalesce(sum(d.orders), 0),
    'average_order_pence', case when coalesce(sum(d.orders), 0) = 0 then 0
      else round(sum(d.revenue_pence)::numeric / sum(d.orders)) end,
    'customers', (select count(*) from public.admin_sales_by_customer c where c.orders > 0),
    'best_sellers', coalesce((
      select jsonb_agg(jsonb_build_object(
        'title', i.title, 'kind', i.kind, 'units', i.units, 'revenue_pence', i.revenue_pence))
      from (
        select max(s.title) as title, max(s.kind) as kind, sum(s.units)::integer as units,
               sum(s.revenue_pence)::bigint as revenue_pence
        from public.admin_sales_by_item s
        group by s.item_key
        having sum(s.units) > 0
        order by 3 desc, 4 desc, 1
        limit 5
      ) i
    ), '[]'::jsonb),
    'weekly', (
      select jsonb_agg(jsonb_build_object(
        'week_start', w.week_start,
        'orders', coalesce((select sum(x.orders) from public.admin_sales_by_day x
                            where x.day >= w.week_start and x.day < w.week_start + 7), 0),
        'revenue_pence', coalesce((select sum(x.revenue_pence) from public.admin_sales_by_day x
                                   where x.day >= w.week_start and x.day < w.week_start + 7), 0)
      ) order by w.week_start)
      from (select (v_week - 7 * g)::date as week_start from generate_series(0, 11) g) w
    ),
    'disputes_open', (select count(*) from public.orders o where o.dispute_status = 'open')
  )
  into v_result
  from public.admin_sales_by_day d;
  return v_result;
end
$$;

select public.admin_rebuild_sales_rollups();
