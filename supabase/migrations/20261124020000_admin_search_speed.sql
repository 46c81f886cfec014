-- The admin dashboard's searches and lists at scale (100,000 orders, 20,000 customers).
--
-- Orders: the first search joined a union of matches to the orders and let the planner walk every order newest
-- first, probing its lines for each: a title search read some 50,000 index pages. Here the matching order ids
-- are collected first through indexes, then only those orders are read and sorted. Paging by date gets an index
-- in the list's exact order (created_at, id), so no page sorts the table.
--
-- Customers: emails live in auth.users, which a project may not index (the auth schema belongs to Supabase
-- Auth), and a substring search scanned every user. `customer_directory` mirrors the few fields the dashboard
-- lists, kept by a trigger on auth.users (the documented way to follow sign-ups), with a trigram index for
-- substring search and an index in the list's order. Like the sales rollups it is read only by the admin
-- functions: RLS on, no policies, no privileges for the API roles.

create extension if not exists pg_trgm with schema extensions;

create index orders_created_at_id_idx on public.orders (created_at desc, id desc);
create index orders_status_created_at_id_idx on public.orders (status, created_at desc, id desc);
drop index public.orders_created_at_idx;
drop index public.orders_status_created_at_idx;

create table public.customer_directory (
  user_id uuid primary key references auth.users (id) on delete cascade,
  email text,
  joined_at timestamptz not null,
  last_sign_in_at timestamptz
);
comment on table public.customer_directory is
  'Email, joined and last sign-in of each user (kept by a trigger on auth.users); read through admin functions.';
revoke all on public.customer_directory from anon, authenticated, service_role;
alter table public.customer_directory enable row level security;
create index customer_directory_email_trgm_idx on public.customer_directory
  using gin (email extensions.gin_trgm_ops);
create index customer_directory_joined_at_idx on public.customer_directory (joined_at desc, user_id desc);

create function private.sync_customer_directory() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.customer_directory (user_id, email, joined_at, last_sign_in_at)
  values (new.id, new.email, new.created_at, new.last_sign_in_at)
  on conflict (user_id) do update
    set email = excluded.email, joined_at = excluded.joined_at, last_sign_in_at = excluded.last_sign_in_at;
  return null;
end
$$;
revoke execute on function private.sync_customer_directory() from public, anon, authenticated, service_role;

create trigger customer_directory_sync
  after insert or update of email, created_at, last_sign_in_at on auth.users
  for each row execute function private.sync_customer_directory();

-- Users who signed up before this migration.
insert into public.customer_directory (user_id, email, joined_at, last_sign_in_at)
select u.id, u.email, u.created_at, u.last_sign_in_at from auth.users u
on conflict (user_id) do nothing;

create or replace function public.admin_filtered_orders(
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
  v_orders uuid[];
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

  -- The search matches the customer's email or an item's catalogue title (a LIKE pattern with its wildcards
  -- escaped, so the text is matched literally).
  v_pattern := '%' || replace(replace(replace(v_search, '\', '\\'), '%', '\%'), '_', '\_') || '%';
  v_orders := array(
    select o.id from public.orders o
    where o.user_id = any (array(select d.user_id from public.customer_directory d where d.email ilike v_pattern))
    union
    select l.order_id from public.order_lines l
    where l.product_id = any (array(select p.id from public.products p where p.title ilike v_pattern))
    union
    select l.order_id from public.order_lines l
    where l.package_id = any (array(select p.id from public.packages p where p.title ilike v_pattern))
  );

  return query execute $q$
    select o.id, o.created_at, o.user_id, u.email::text, o.status, o.amount_pence, o.amount_paid_pence,
           o.refunded_at,
           (select string_agg(l.title, '; ' order by l.position) from public.order_lines l where l.order_id = o.id),
           (select count(*)::integer from public.order_lines l where l.order_id = o.id)
    from (
      select o.* from public.orders o
      where o.id = any ($6)
        and ($1::text is null or o.status = $1)
        and ($2::timestamptz is null or o.created_at >= $2)
        and ($3::timestamptz is null or o.created_at < $3)
      order by o.created_at desc, o.id desc
      limit $4 offset $5
    ) o
    left join auth.users u on u.id = o.user_id
    order by o.created_at desc, o.id desc
  $q$ using p_status, v_from, v_to, p_limit, p_offset, v_orders;
end
$$;


-- One page of customers, newest first, or those whose email contains the search (literally).
create or replace function public.admin_list_customers(
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
  -- Two statements rather than one with "pattern is null or ...", so each gets its index.
  if v_pattern is null then
    return query execute $q$
      select d.user_id, d.email, d.joined_at, d.last_sign_in_at,
             coalesce(c.orders, 0), coalesce(c.spent_pence, 0)::bigint,
             exists (select 1 from public.user_roles r where r.user_id = d.user_id and r.role = 'admin')
      from (
        select * from public.customer_directory d
        order by d.joined_at desc, d.user_id desc
        limit $1 offset $2
      ) d
      left join public.admin_sales_by_customer c on c.user_id = d.user_id
      order by d.joined_at desc, d.user_id desc
    $q$ using p_limit, p_offset;
  else
    return query execute $q$
      select d.user_id, d.email, d.joined_at, d.last_sign_in_at,
             coalesce(c.orders, 0), coalesce(c.spent_pence, 0)::bigint,
             exists (select 1 from public.user_roles r where r.user_id = d.user_id and r.role = 'admin')
      from (
        select * from public.customer_directory d
        where d.email ilike $1
        order by d.joined_at desc, d.user_id desc
        limit $2 offset $3
      ) d
      left join public.admin_sales_by_customer c on c.user_id = d.user_id
      order by d.joined_at desc, d.user_id desc
    $q$ using v_pattern, p_limit, p_offset;
  end if;
end
$$;
