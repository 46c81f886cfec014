-- Orders (one per payment-provider checkout session) and purchases (what a customer owns).
-- Written only by the service role (edge functions, after the payment provider confirms payment); a customer
-- reads only their own rows, admins read all. What a customer bought can reveal a health condition.

create table public.orders (
  id uuid primary key default gen_random_uuid(),
  -- Set null when the account is deleted: the transaction record stays (accounting), the person does not.
  user_id uuid references auth.users (id) on delete set null,
  stripe_session_id text unique,
  status text not null default 'pending'
    check (status in ('pending', 'paid', 'fulfilled', 'cancelled', 'expired')),
  amount_pence integer not null check (amount_pence >= 0),
  currency text not null default 'gbp' check (currency ~ '^[a-z]{3}$'),
  -- What was bought at checkout time (ids, titles, prices), so later catalogue edits do not rewrite history.
  items jsonb not null default '[]'::jsonb check (jsonb_typeof(items) = 'array'),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  fulfilled_at timestamptz
);
create index orders_user_id_idx on public.orders (user_id, created_at desc);

create table public.purchases (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  -- No action (not cascade, not set null): a product someone owns cannot be deleted (unpublish it instead),
  -- so owners keep their audio. Deleting one fails with 23503, which PostgREST answers with 409.
  product_id uuid references public.products (id),
  order_id uuid references public.orders (id) on delete set null,
  title text not null check (length(btrim(title)) > 0),
  category text,
  -- Pounds, as the spec's API reads it (e.g. 2.99).
  price numeric(10, 2) not null check (price >= 0),
  download_url text,
  created_at timestamptz not null default now(),
  constraint purchases_user_id_product_id_key unique (user_id, product_id)
);
create index purchases_user_id_created_at_idx on public.purchases (user_id, created_at desc);
create index purchases_product_id_idx on public.purchases (product_id);
create index purchases_order_id_idx on public.purchases (order_id);

create trigger orders_set_updated_at before update on public.orders
  for each row execute function public.set_updated_at();

revoke truncate, references, trigger on public.orders, public.purchases from anon, authenticated;

-- FORCE as well: no security definer function reads these tables, and none should bypass their policies.
alter table public.orders enable row level security;
alter table public.orders force row level security;
alter table public.purchases enable row level security;
alter table public.purchases force row level security;

-- Reads only. There are deliberately no insert/update/delete policies: only the service role (which bypasses
-- RLS) writes orders and purchases.
create policy "Customers read their own orders; admins read all"
  on public.orders for select
  to authenticated
  using (user_id = (select auth.uid()) or (select public.is_admin()));

create policy "Customers read their own purchases; admins read all"
  on public.purchases for select
  to authenticated
  using (user_id = (select auth.uid()) or (select public.is_admin()));

-- An owner keeps seeing (and streaming) a product after it is unpublished.
create policy "Owners read products they bought"
  on public.products for select
  to authenticated
  using (exists (
    select 1 from public.purchases pu
    where pu.product_id = products.id and pu.user_id = (select auth.uid())
  ));

-- The spec's legacy call: records a purchase and returns its id. Service role only (revoked below), and
-- security invoker, so even a stray grant could not write past RLS. The product is resolved from
-- (title, category) so that ownership (and so access to the full audio) follows; a second call for the same
-- user and product returns the existing purchase instead of failing.
create function public.insert_purchase(
  p_user_id uuid,
  p_title text,
  p_category text,
  p_price numeric,
  p_download_url text
) returns uuid
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_title text := btrim(p_title);
  v_product_id uuid;
  v_id uuid;
begin
  if p_user_id is null then
    raise exception 'insert_purchase: p_user_id is required' using errcode = '22023';
  end if;
  if v_title is null or v_title = '' then
    raise exception 'insert_purchase: p_title must not be blank' using errcode = '22023';
  end if;
  if p_price is null or p_price < 0 then
    raise exception 'insert_purchase: p_price must be zero or more' using errcode = '22023';
  end if;

  select pr.id into v_product_id
  from public.products pr
  where pr.title = v_title and pr.category = btrim(p_category);

  insert into public.purchases (user_id, product_id, title, category, price, download_url)
  values (p_user_id, v_product_id, v_title, p_category, p_price, p_download_url)
  on conflict (user_id, product_id) do nothing
  returning id into v_id;

  if v_id is null then
    select pu.id into v_id
    from public.purchases pu
    where pu.user_id = p_user_id and pu.product_id = v_product_id;
  end if;
  return v_id;
end
$$;

revoke execute on function public.insert_purchase(uuid, text, text, numeric, text) from public, anon, authenticated;
grant execute on function public.insert_purchase(uuid, text, text, numeric, text) to service_role;
