-- The admin dashboard, enforced by the database.
--
-- * admin_activity: every admin write (catalogue, roles, refunds, grants): who, what, when, before and after.
--   Readable by admins only; append-only for everyone, admins and the service role included (no update or
--   delete policy, no privilege, and a trigger that refuses UPDATE, DELETE and TRUNCATE).
-- * Sales rollups (per day, per item, per customer), kept by triggers on orders and order_lines, so the
--   overview reads a few hundred rows rather than every order ever taken. Reached only through the admin
--   functions below: no API role has any privilege on them.
-- * admin_* functions: security definer, search_path '', EXECUTE for authenticated only, and each checks
--   public.is_admin() itself (a customer calling one directly gets 42501). Customer emails leave auth.users
--   only through them.
-- * The last admin cannot be removed (trigger on user_roles), on top of "nobody removes their own admin role".
--
-- Days and weeks are the practice's: Europe/London. Money in pence.

-- Activity log ------------------------------------------------------------------------------------------------

create table public.admin_activity (
  id bigint generated always as identity primary key,
  created_at timestamptz not null default now(),
  -- No foreign key: the log outlives accounts (an FK action would have to update or delete log rows).
  actor_id uuid,
  actor_email text,
  action text not null check (action ~ '^[a-z_]+\.[a-z_]+$'),
  entity_type text not null check (length(entity_type) > 0),
  entity_id text,
  summary text not null default '',
  before jsonb,
  after jsonb
);
create index admin_activity_created_at_idx on public.admin_activity (created_at desc, id desc);
create index admin_activity_entity_type_created_at_idx on public.admin_activity (entity_type, created_at desc, id desc);

comment on table public.admin_activity is 'Append-only log of every admin write: who, what, when, before and after.';

create function public.admin_activity_append_only() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  raise exception 'The activity log is append-only: % is not allowed', lower(tg_op)
    using errcode = '42501';
end
$$;

create trigger admin_activity_no_update_delete
  before update or delete on public.admin_activity
  for each row execute function public.admin_activity_append_only();
create trigger admin_activity_no_truncate
  before truncate on public.admin_activity
  for each statement execute function public.admin_activity_append_only();

revoke all on public.admin_activity from anon, authenticated, service_role;
grant select on public.admin_activity to authenticated;
-- The service role reads it (support tooling) and appends through log_admin_activity().
grant select on public.admin_activity to service_role;

alter table public.admin_activity enable row level security;

create policy "Admins read the activity log"
  on public.admin_activity for select
  to authenticated
  using ((select public.is_admin()));

-- Appends one row; the actor's email is looked up here (auth.users is not readable by the API roles).
-- Called by the admin functions and triggers below, and by edge functions with the service role
-- (refund-order), which pass the verified caller as p_actor.
create function public.log_admin_activity(
  p_actor uuid,
  p_action text,
  p_entity_type text,
  p_entity_id text,
  p_summary text,
  p_before jsonb default null,
  p_after jsonb default null
) returns bigint
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_id bigint;
begin
  insert into public.admin_activity (actor_id, actor_email, action, entity_type, entity_id, summary, before, after)
  values (
    p_actor,
    (select u.email from auth.users u where u.id = p_actor),
    p_action, p_entity_type, p_entity_id, coalesce(p_summary, ''), p_before, p_after
  )
  returning id into v_id;
  return v_id;
end
$$;

revoke execute on function public.log_admin_activity(uuid, text, text, text, text, jsonb, jsonb)
  from public, anon, authenticated;
grant execute on function public.log_admin_activity(uuid, text, text, text, text, jsonb, jsonb) to service_role;

-- The admin check every admin function starts with.
create function public.require_admin() returns uuid
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if auth.uid() is null or not public.is_admin() then
    raise exception 'Admin privileges required' using errcode = '42501';
  end if;
  return auth.uid();
end
$$;

revoke execute on function public.require_admin() from public, anon, authenticated;

-- Catalogue and role writes are logged by triggers, whichever way they arrive (REST under RLS, or the
-- functions below). Writes without a signed-in user (seed, migrations, the service role) are not admin
-- writes and are not logged here.
create function public.log_admin_row_change() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_actor uuid := auth.uid();
  v_old jsonb := case when tg_op in ('UPDATE', 'DELETE') then to_jsonb(old) end;
  v_new jsonb := case when tg_op in ('INSERT', 'UPDATE') then to_jsonb(new) end;
  v_before jsonb := v_old;
  v_after jsonb := v_new;
  v_row jsonb := coalesce(v_new, v_old);
  v_entity text := case tg_table_name
    when 'products' then 'product'
    when 'packages' then 'package'
    when 'package_items' then 'package_item'
    when 'user_roles' then 'role'
    else tg_table_name end;
  v_entity_id text;
  v_summary text;
  v_key text;
begin
  if v_actor is null then
    return null;
  end if;
  if tg_op = 'UPDATE' then
    -- Only what changed (updated_at always does).
    v_before := '{}'::jsonb;
    v_after := '{}'::jsonb;
    for v_key in select jsonb_object_keys(v_new) loop
      if v_key <> 'updated_at' and (v_new -> v_key) is distinct from (v_old -> v_key) then
        v_before := v_before || jsonb_build_object(v_key, v_old -> v_key);
        v_after := v_after || jsonb_build_object(v_key, v_new -> v_key);
      end if;
    end loop;
    if v_after = '{}'::jsonb then
      return null;
    end if;
  end if;

  if tg_table_name = 'package_items' then
    v_entity_id := (v_row ->> 'package_id');
    v_summary := (select p.title from public.packages p where p.id = (v_row ->> 'package_id')::uuid);
  elsif tg_table_name = 'user_roles' then
    v_entity_id := (v_row ->> 'user_id');
    v_summary := (select u.email from auth.users u where u.id = (v_row ->> 'user_id')::uuid)
      || ' (' || (v_row ->> 'role') || ')';
  else
    v_entity_id := (v_row ->> 'id');
    v_summary := (v_row ->> 'title');
  end if;

  perform public.log_admin_activity(
    v_actor,
    v_entity || '.' || case tg_op when 'INSERT' then 'create' when 'UPDATE' then 'update' else 'delete' end,
    v_entity,
    v_entity_id,
    coalesce(v_summary, ''),
    v_before,
    v_after
  );
  return null;
end
$$;

revoke execute on function public.log_admin_row_change() from public, anon, authenticated;

create trigger products_log_admin_change after insert or update or delete on public.products
  for each row execute function public.log_admin_row_change();
create trigger packages_log_admin_change after insert or update or delete on public.packages
  for each row execute function public.log_admin_row_change();
create trigger package_items_log_admin_change after insert or update or delete on public.package_items
  for each row execute function public.log_admin_row_change();
create trigger user_roles_log_admin_change after insert or update or delete on public.user_roles
  for each row execute function public.log_admin_row_change();

-- The last admin ------------------------------------------------------------------------------------------------

-- Removing (or demoting) an admin row must leave at least one admin. The admin rows are locked first, so two
-- admins removing each other at the same moment cannot both succeed. Applies to every path: REST, functions,
-- the service role and account deletion (auth.users cascade).
create function public.prevent_last_admin_removal() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if old.role = 'admin'::public.app_role
     and (tg_op = 'DELETE' or new.role <> old.role or new.user_id <> old.user_id) then
    perform 1 from public.user_roles r where r.role = 'admin'::public.app_role for update;
    if not exists (
      select 1 from public.user_roles r
      where r.role = 'admin'::public.app_role and r.id <> old.id
    ) then
      raise exception 'The last admin cannot be removed'
        using errcode = '42501', hint = 'Make another account an admin first.';
    end if;
  end if;
  if tg_op = 'DELETE' then
    return old;
  end if;
  return new;
end
$$;

revoke execute on function public.prevent_last_admin_removal() from public, anon, authenticated;

create trigger user_roles_prevent_last_admin_removal
  before update or delete on public.user_roles
  for each row execute function public.prevent_last_admin_removal();

create index user_roles_role_idx on public.user_roles (role, created_at);

-- Sales rollups -------------------------------------------------------------------------------------------------

create table public.admin_sales_by_day (
  day date primary key,
  orders integer not null default 0,
  revenue_pence bigint not null default 0
);

create table public.admin_sales_by_item (
  -- product:<uuid>, package:<uuid>, or title:<title> for a line whose catalogue row is gone.
  item_key text primary key,
  kind text not null,
  title text not null,
  units integer not null default 0,
  revenue_pence bigint not null default 0
);
create index admin_sales_by_item_units_idx on public.admin_sales_by_item (units desc, revenue_pence desc);

create table public.admin_sales_by_customer (
  user_id uuid primary key references auth.users (id) on delete cascade,
  orders integer not null default 0,
  spent_pence bigint not null default 0,
  last_order_at timestamptz
);

comment on table public.admin_sales_by_day is 'Paid orders per London day (kept by triggers on orders); read through admin functions.';
comment on table public.admin_sales_by_item is 'Paid units per catalogue item (kept by triggers); read through admin functions.';
comment on table public.admin_sales_by_customer is 'Paid orders per customer (kept by triggers); read through admin functions.';

revoke all on public.admin_sales_by_day, public.admin_sales_by_item, public.admin_sales_by_customer
  from anon, authenticated, service_role;
alter table public.admin_sales_by_day enable row level security;
alter table public.admin_sales_by_item enable row level security;
alter table public.admin_sales_by_customer enable row level security;
-- No policies: only the security definer functions of this migration (owned by the table owner) use them.

create function public.london_day(p_at timestamptz) returns date
language sql
immutable
set search_path = ''
as $$
  select (p_at at time zone 'Europe/London')::date
$$;

-- Adds (p_sign = 1) or removes (p_sign = -1) one order's line to the item rollup.
create function public.admin_apply_line(p_line public.order_lines, p_sign integer) returns void
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
  insert into public.admin_sales_by_item as s (item_key, kind, title, units, revenue_pence)
  values (v_key, p_line.kind, p_line.title, p_sign, p_sign * p_line.price_pence)
  on conflict (item_key) do update
    set units = s.units + excluded.units,
        revenue_pence = s.revenue_pence + excluded.revenue_pence,
        title = case when p_sign > 0 then excluded.title else s.title end;
end
$$;

-- Adds or removes one paid order (its day, its customer and its lines).
create function public.admin_apply_order(p_order public.orders, p_sign integer) returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_revenue bigint := coalesce(p_order.amount_paid_pence, p_order.amount_pence);
  v_line public.order_lines;
begin
  insert into public.admin_sales_by_day as d (day, orders, revenue_pence)
  values (public.london_day(p_order.created_at), p_sign, p_sign * v_revenue)
  on conflict (day) do update
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

  for v_line in select * from public.order_lines l where l.order_id = p_order.id loop
    perform public.admin_apply_line(v_line, p_sign);
  end loop;
end
$$;

create function public.admin_track_order() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'UPDATE'
     and old.status = new.status
     and old.amount_pence = new.amount_pence
     and old.amount_paid_pence is not distinct from new.amount_paid_pence
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

-- Before delete: the order's lines (deleted by the cascade) are still there to subtract.
create trigger orders_admin_rollup_write after insert or update on public.orders
  for each row execute function public.admin_track_order();
create trigger orders_admin_rollup_delete before delete on public.orders
  for each row execute function public.admin_track_order();

-- A line added to (or taken from) an order that is already paid.
create function public.admin_track_order_line() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op in ('UPDATE', 'DELETE')
     and exists (select 1 from public.orders o where o.id = old.order_id and o.status = 'paid') then
    perform public.admin_apply_line(old, -1);
  end if;
  if tg_op in ('INSERT', 'UPDATE')
     and exists (select 1 from public.orders o where o.id = new.order_id and o.status = 'paid') then
    perform public.admin_apply_line(new, 1);
  end if;
  return null;
end
$$;

create trigger order_lines_admin_rollup after insert or update or delete on public.order_lines
  for each row execute function public.admin_track_order_line();

revoke execute on function public.london_day(timestamptz) from public, anon, authenticated;
revoke execute on function public.admin_apply_line(public.order_lines, integer) from public, anon, authenticated;
revoke execute on function public.admin_apply_order(public.orders, integer) from public, anon, authenticated;
revoke execute on function public.admin_track_order() from public, anon, authenticated;
revoke execute on function public.admin_track_order_line() from public, anon, authenticated;

-- Rebuilds the rollups from the orders: for what the database already holds when this migration runs (a
-- hosted project that sold before it), and after a bulk load made with triggers off (the benchmark).
create function public.admin_rebuild_sales_rollups() returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  delete from public.admin_sales_by_day;
  delete from public.admin_sales_by_customer;
  delete from public.admin_sales_by_item;

  insert into public.admin_sales_by_day (day, orders, revenue_pence)
  select public.london_day(o.created_at), count(*), sum(coalesce(o.amount_paid_pence, o.amount_pence))
  from public.orders o where o.status = 'paid'
  group by 1;

  insert into public.admin_sales_by_customer (user_id, orders, spent_pence, last_order_at)
  select o.user_id, count(*), sum(coalesce(o.amount_paid_pence, o.amount_pence)), max(o.created_at)
  from public.orders o
  where o.status = 'paid' and o.user_id is not null
    and exists (select 1 from auth.users u where u.id = o.user_id)
  group by 1;

  insert into public.admin_sales_by_item (item_key, kind, title, units, revenue_pence)
  select
    case when l.product_id is not null then 'product:' || l.product_id
         when l.package_id is not null then 'package:' || l.package_id
         else 'title:' || l.title end,
    min(l.kind), min(l.title), count(*), sum(l.price_pence)
  from public.order_lines l join public.orders o on o.id = l.order_id
  where o.status = 'paid'
  group by 1;
end
$$;

revoke execute on function public.admin_rebuild_sales_rollups() from public, anon, authenticated, service_role;

select public.admin_rebuild_sales_rollups();

-- Indexes for the dashboard's lists and filters --------------------------------------------------------------

-- Orders: newest first (orders_created_at_idx), by status (orders_status_created_at_idx), by customer
-- (orders_user_id_idx) exist; lines by order for the items column and the detail.
create index order_lines_order_id_idx on public.order_lines (order_id, position);
create index products_title_idx on public.products (lower(title));
create index packages_title_idx on public.packages (lower(title));

-- The overview --------------------------------------------------------------------------------------------------

create function public.admin_overview() returns jsonb
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
        select s.title, s.kind, s.units, s.revenue_pence
        from public.admin_sales_by_item s
        where s.units > 0
        order by s.units desc, s.revenue_pence desc, s.title
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
    )
  )
  into v_result
  from public.admin_sales_by_day d;
  return v_result;
end
$$;

-- Orders ----------------------------------------------------------------------------------------------------------

-- The one filtered order query behind the list and the CSV export (so both always agree). Internal: only the
-- admin functions below call it. p_search matches the customer's email or an item's catalogue title.
-- The query text is constant; values are bound (EXECUTE ... USING) so each call is planned for its filters.
create function public.admin_filtered_orders(
  p_search text,
  p_status text,
  p_from date,
  p_to date,
  p_limit integer,
  p_offset integer
) returns table (
  id uuid,
  created_at timestamptz,
  user_id uuid,
  email text,
  status text,
  amount_pence integer,
  amount_paid_pence integer,
  refunded_at timestamptz,
  items text,
  item_count integer
)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_search text := nullif(btrim(coalesce(p_search, '')), '');
  v_pattern text;
  v_users uuid[];
  v_products uuid[];
  v_packages uuid[];
  v_from timestamptz := case when p_from is null then null else (p_from::timestamp at time zone 'Europe/London') end;
  v_to timestamptz := case when p_to is null then null else ((p_to + 1)::timestamp at time zone 'Europe/London') end;
begin
  if p_status is not null and p_status not in ('pending', 'paid', 'failed', 'expired', 'refunded') then
    raise exception 'Unknown order status: %', p_status using errcode = '22023';
  end if;
  if p_from is not null and p_to is not null and p_from > p_to then
    raise exception 'The start date must not be after the end date' using errcode = '22023';
  end if;

  if v_search is null then
    return query execute $q$
      select o.id, o.created_at, o.user_id, u.email::text, o.status, o.amount_pence, o.amount_paid_pence,
             o.refunded_at,
             (select string_agg(l.title, '; ' order by l.position) from public.order_lines l where l.order_id = o.id),
             (select count(*)::integer from public.order_lines l where l.order_id = o.id)
      from (
        select * from public.orders o
        where ($1::text is null or o.status = $1)
          and ($2::timestamptz is null or o.created_at >= $2)
          and ($3::timestamptz is null or o.created_at < $3)
        order by o.created_at desc, o.id desc
        limit $4 offset $5
      ) o
      left join auth.users u on u.id = o.user_id
      order by o.created_at desc, o.id desc
    $q$ using p_status, v_from, v_to, p_limit, p_offset;
    return;
  end if;

  v_pattern := '%' || replace(replace(replace(v_search, '\', '\\'), '%', '\%'), '_', '\_') || '%';
  v_users := array(select u.id from auth.users u where u.email ilike v_pattern);
  v_products := array(select p.id from public.products p where p.title ilike v_pattern);
  v_packages := array(select p.id from public.packages p where p.title ilike v_pattern);

  return query execute $q$
    with matched as (
      select o.id from public.orders o where o.user_id = any($6)
      union
      select l.order_id from public.order_lines l where l.product_id = any($7)
      union
      select l.order_id from public.order_lines l where l.package_id = any($8)
    )
    select o.id, o.created_at, o.user_id, u.email::text, o.status, o.amount_pence, o.amount_paid_pence,
           o.refunded_at,
           (select string_agg(l.title, '; ' order by l.position) from public.order_lines l where l.order_id = o.id),
           (select count(*)::integer from public.order_lines l where l.order_id = o.id)
    from (
      select o.* from public.orders o join matched m on m.id = o.id
      where ($1::text is null or o.status = $1)
        and ($2::timestamptz is null or o.created_at >= $2)
        and ($3::timestamptz is null or o.created_at < $3)
      order by o.created_at desc, o.id desc
      limit $4 offset $5
    ) o
    left join auth.users u on u.id = o.user_id
    order by o.created_at desc, o.id desc
  $q$ using p_status, v_from, v_to, p_limit, p_offset, v_users, v_products, v_packages;
end
$$;

revoke execute on function public.admin_filtered_orders(text, text, date, date, integer, integer)
  from public, anon, authenticated;

-- One page of orders, newest first. Ask for one more row than you show to know whether a next page exists.
create function public.admin_list_orders(
  p_search text default null,
  p_status text default null,
  p_from date default null,
  p_to date default null,
  p_limit integer default 25,
  p_offset integer default 0
) returns table (
  id uuid,
  created_at timestamptz,
  user_id uuid,
  email text,
  status text,
  amount_pence integer,
  amount_paid_pence integer,
  refunded_at timestamptz,
  items text,
  item_count integer
)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform public.require_admin();
  if p_limit is null or p_limit < 1 or p_limit > 201 then
    raise exception 'p_limit must be between 1 and 201' using errcode = '22023';
  end if;
  if p_offset is null or p_offset < 0 then
    raise exception 'p_offset must be zero or more' using errcode = '22023';
  end if;
  return query select * from public.admin_filtered_orders(p_search, p_status, p_from, p_to, p_limit, p_offset);
end
$$;

-- A CSV field: quoted when needed; a leading = + - @ is neutralised so spreadsheets do not run it.
create function public.admin_csv_field(p_value text) returns text
language sql
immutable
set search_path = ''
as $$
  select case
    when p_value is null then ''
    else '"' || replace(
      case when p_value ~ '^[=+\-@\t\r]' then '''' || p_value else p_value end,
      '"', '""') || '"'
  end
$$;

revoke execute on function public.admin_csv_field(text) from public, anon, authenticated;

-- Every order of the current filter as CSV (the same query as the list, without paging).
create function public.admin_export_orders(
  p_search text default null,
  p_status text default null,
  p_from date default null,
  p_to date default null
) returns text
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_csv text;
begin
  perform public.require_admin();
  select 'Order ID,Date,Customer email,Items,Total (GBP),Paid (GBP),Status,Refunded at' || E'\r\n'
         || coalesce(string_agg(
              concat_ws(',',
                public.admin_csv_field(f.id::text),
                public.admin_csv_field(to_char(f.created_at at time zone 'Europe/London', 'YYYY-MM-DD HH24:MI')),
                public.admin_csv_field(coalesce(f.email, '')),
                public.admin_csv_field(coalesce(f.items, '')),
                public.admin_csv_field(to_char(f.amount_pence / 100.0, 'FM999999990.00')),
                public.admin_csv_field(case when f.amount_paid_pence is null then ''
                                            else to_char(f.amount_paid_pence / 100.0, 'FM999999990.00') end),
                public.admin_csv_field(f.status),
                public.admin_csv_field(coalesce(to_char(f.refunded_at at time zone 'Europe/London', 'YYYY-MM-DD HH24:MI'), ''))
              ),
              E'\r\n' order by f.created_at desc, f.id desc) || E'\r\n', '')
  into v_csv
  from public.admin_filtered_orders(p_search, p_status, p_from, p_to, null, 0) f;
  return v_csv;
end
$$;

-- One order: its customer, lines and the purchases it granted.
create function public.admin_order_detail(p_order_id uuid) returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_result jsonb;
begin
  perform public.require_admin();
  select jsonb_build_object(
    'id', o.id,
    'created_at', o.created_at,
    'status', o.status,
    'user_id', o.user_id,
    'email', u.email,
    'amount_pence', o.amount_pence,
    'amount_paid_pence', o.amount_paid_pence,
    'currency', o.currency,
    'stripe_session_id', o.stripe_session_id,
    'stripe_payment_intent_id', o.stripe_payment_intent_id,
    'fulfilled_at', o.fulfilled_at,
    'refunded_at', o.refunded_at,
    'lines', coalesce((
      select jsonb_agg(jsonb_build_object(
        'position', l.position, 'kind', l.kind, 'title', l.title, 'category', l.category,
        'price_pence', l.price_pence) order by l.position)
      from public.order_lines l where l.order_id = o.id
    ), '[]'::jsonb),
    'purchases', coalesce((
      select jsonb_agg(jsonb_build_object('id', p.id, 'title', p.title, 'price', p.price) order by p.title)
      from public.purchases p where p.order_id = o.id
    ), '[]'::jsonb)
  )
  into v_result
  from public.orders o
  left join auth.users u on u.id = o.user_id
  where o.id = p_order_id;
  if v_result is null then
    raise exception 'Order not found' using errcode = 'P0002';
  end if;
  return v_result;
end
$$;

-- Customers -------------------------------------------------------------------------------------------------------

create function public.admin_list_customers(
  p_search text default null,
  p_limit integer default 25,
  p_offset integer default 0
) returns table (
  id uuid,
  email text,
  joined_at timestamptz,
  last_sign_in_at timestamptz,
  orders integer,
  spent_pence bigint,
  is_admin boolean
)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_search text := nullif(btrim(coalesce(p_search, '')), '');
  v_pattern text;
begin
  perform public.require_admin();
  if p_limit is null or p_limit < 1 or p_limit > 201 then
    raise exception 'p_limit must be between 1 and 201' using errcode = '22023';
  end if;
  if p_offset is null or p_offset < 0 then
    raise exception 'p_offset must be zero or more' using errcode = '22023';
  end if;
  v_pattern := case when v_search is null then null
    else '%' || replace(replace(replace(v_search, '\', '\\'), '%', '\%'), '_', '\_') || '%' end;
  return query execute $q$
    select u.id, u.email::text, u.created_at, u.last_sign_in_at,
           coalesce(c.orders, 0), coalesce(c.spent_pence, 0)::bigint,
           exists (select 1 from public.user_roles r where r.user_id = u.id and r.role = 'admin')
    from (
      select u.id, u.email, u.created_at, u.last_sign_in_at
      from auth.users u
      where $1::text is null or u.email ilike $1
      order by u.created_at desc, u.id desc
      limit $2 offset $3
    ) u
    left join public.admin_sales_by_customer c on c.user_id = u.id
    order by u.created_at desc, u.id desc
  $q$ using v_pattern, p_limit, p_offset;
end
$$;

-- A customer's purchases (what they own), newest first.
create function public.admin_customer_purchases(p_user_id uuid) returns table (
  id uuid,
  product_id uuid,
  title text,
  category text,
  price numeric,
  order_id uuid,
  created_at timestamptz
)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform public.require_admin();
  return query
    select p.id, p.product_id, p.title, p.category, p.price, p.order_id, p.created_at
    from public.purchases p
    where p.user_id = p_user_id
    order by p.created_at desc, p.title;
end
$$;

-- Grants an audio to a customer by hand (support): a zero-price purchase without an order, logged.
create function public.admin_grant_audio(p_user_id uuid, p_product_id uuid) returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_actor uuid := public.require_admin();
  v_product public.products;
  v_email text;
  v_id uuid;
begin
  select u.email into v_email from auth.users u where u.id = p_user_id;
  if v_email is null then
    raise exception 'No such customer' using errcode = 'P0002';
  end if;
  select * into v_product from public.products p where p.id = p_product_id;
  if v_product.id is null then
    raise exception 'No such audio' using errcode = 'P0002';
  end if;
  if exists (select 1 from public.purchases p where p.user_id = p_user_id and p.product_id = p_product_id) then
    raise exception 'This customer already owns "%"', v_product.title using errcode = 'P0001';
  end if;
  insert into public.purchases (user_id, product_id, title, category, price)
  values (p_user_id, p_product_id, v_product.title, v_product.category, 0)
  returning id into v_id;
  perform public.log_admin_activity(
    v_actor, 'purchase.grant', 'purchase', v_id::text,
    v_product.title || ' to ' || v_email,
    null,
    jsonb_build_object('user_id', p_user_id, 'email', v_email, 'product_id', p_product_id,
                       'title', v_product.title, 'price', 0)
  );
  return v_id;
end
$$;

-- Admins ----------------------------------------------------------------------------------------------------------

create function public.admin_list_admins() returns table (
  user_id uuid,
  email text,
  granted_at timestamptz,
  last_sign_in_at timestamptz
)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform public.require_admin();
  return query
    select r.user_id, u.email::text, r.created_at, u.last_sign_in_at
    from public.user_roles r
    join auth.users u on u.id = r.user_id
    where r.role = 'admin'::public.app_role
    order by r.created_at, u.email;
end
$$;

-- Makes an existing account an admin, by email.
create function public.admin_grant_admin(p_email text) returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_user uuid;
begin
  perform public.require_admin();
  if p_email is null or btrim(p_email) = '' then
    raise exception 'Enter the email of an existing account' using errcode = '22023';
  end if;
  select u.id into v_user from auth.users u where lower(u.email) = lower(btrim(p_email));
  if v_user is null then
    raise exception 'No account uses that email. Ask them to sign up first.' using errcode = 'P0002';
  end if;
  if exists (select 1 from public.user_roles r where r.user_id = v_user and r.role = 'admin'::public.app_role) then
    raise exception 'That account is already an admin' using errcode = 'P0001';
  end if;
  -- Logged by the user_roles trigger.
  insert into public.user_roles (user_id, role) values (v_user, 'admin'::public.app_role);
  return v_user;
end
$$;

-- Removes an admin role. Not your own (prevent_self_admin_removal), not the last (prevent_last_admin_removal).
create function public.admin_revoke_admin(p_user_id uuid) returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform public.require_admin();
  if exists (select 1 from public.user_roles r where r.user_id = p_user_id and r.role = 'admin'::public.app_role)
     and not exists (select 1 from public.user_roles r
                     where r.role = 'admin'::public.app_role and r.user_id <> p_user_id) then
    raise exception 'The last admin cannot be removed. Make another account an admin first.'
      using errcode = '42501';
  end if;
  if p_user_id = auth.uid() then
    raise exception 'You cannot remove your own admin role. Ask another admin to do it.' using errcode = '42501';
  end if;
  delete from public.user_roles r where r.user_id = p_user_id and r.role = 'admin'::public.app_role;
  if not found then
    raise exception 'That account is not an admin' using errcode = 'P0002';
  end if;
end
$$;

-- Grants ----------------------------------------------------------------------------------------------------------

-- EXECUTE for authenticated only (each function checks is_admin() itself; the service role is no admin).
revoke execute on function public.admin_overview() from public, anon, service_role;
revoke execute on function public.admin_list_orders(text, text, date, date, integer, integer) from public, anon, service_role;
revoke execute on function public.admin_export_orders(text, text, date, date) from public, anon, service_role;
revoke execute on function public.admin_order_detail(uuid) from public, anon, service_role;
revoke execute on function public.admin_list_customers(text, integer, integer) from public, anon, service_role;
revoke execute on function public.admin_customer_purchases(uuid) from public, anon, service_role;
revoke execute on function public.admin_grant_audio(uuid, uuid) from public, anon, service_role;
revoke execute on function public.admin_list_admins() from public, anon, service_role;
revoke execute on function public.admin_grant_admin(text) from public, anon, service_role;
revoke execute on function public.admin_revoke_admin(uuid) from public, anon, service_role;

grant execute on function public.admin_overview() to authenticated;
grant execute on function public.admin_list_orders(text, text, date, date, integer, integer) to authenticated;
grant execute on function public.admin_export_orders(text, text, date, date) to authenticated;
grant execute on function public.admin_order_detail(uuid) to authenticated;
grant execute on function public.admin_list_customers(text, integer, integer) to authenticated;
grant execute on function public.admin_customer_purchases(uuid) to authenticated;
grant execute on function public.admin_grant_audio(uuid, uuid) to authenticated;
grant execute on function public.admin_list_admins() to authenticated;
grant execute on function public.admin_grant_admin(text) to authenticated;
grant execute on function public.admin_revoke_admin(uuid) to authenticated;
