-- Order search at scale. The first version joined a union of matches to the orders and let the planner walk
-- every order newest first, probing its lines for each: at 100,000 orders a title search read some 50,000
-- index pages. Here the matching order ids are collected first through the indexes on order_lines and on
-- orders(user_id), then only those orders are read and sorted. Paging by date gets an index in the list's
-- exact order (created_at, id), so no page sorts the table.

create index orders_created_at_id_idx on public.orders (created_at desc, id desc);
create index orders_status_created_at_id_idx on public.orders (status, created_at desc, id desc);
drop index public.orders_created_at_idx;
drop index public.orders_status_created_at_idx;

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
    where o.user_id = any (array(select u.id from auth.users u where u.email ilike v_pattern))
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

-- CREATE OR REPLACE keeps the privileges set when the function was created (internal: no API role).
