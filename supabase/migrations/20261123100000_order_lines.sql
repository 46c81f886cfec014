-- Checkout orders and their lines: the schema the shop (checkout, fulfilment), the account page and the admin
-- dashboard share. An order is one Stripe Checkout Session:
--   pending  created by create-checkout, before payment
--   paid     fulfilled: payment confirmed by Stripe, every item granted as a purchase
--   failed   asynchronous payment failed
--   expired  the Checkout Session expired unpaid
--   refunded refunded (from the dashboard or Stripe's); its purchases are revoked
-- Lines are what the customer chose (an audio or a package), priced from the catalogue at checkout time, so
-- later catalogue edits do not rewrite history. Money in pence.

alter table public.orders drop constraint orders_status_check;
update public.orders set status = 'paid' where status = 'fulfilled';
update public.orders set status = 'expired' where status = 'cancelled';
alter table public.orders
  add constraint orders_status_check check (status in ('pending', 'paid', 'failed', 'expired', 'refunded'));

-- The lines live in order_lines; the jsonb snapshot had no reader and would be a second copy.
alter table public.orders drop column items;

alter table public.orders
  -- What Stripe charged after promotion codes (amount_pence is the catalogue total the order was priced at).
  add column amount_paid_pence integer check (amount_paid_pence >= 0),
  add column stripe_payment_intent_id text unique,
  add column refunded_at timestamptz;

comment on column public.orders.amount_pence is 'The catalogue total of the lines at checkout, in pence.';
comment on column public.orders.amount_paid_pence is 'What the customer paid (after any promotion code), set on fulfilment.';
comment on column public.orders.fulfilled_at is 'When payment was confirmed and the items granted.';

create index orders_status_created_at_idx on public.orders (status, created_at desc);
create index orders_created_at_idx on public.orders (created_at desc);

create table public.order_lines (
  id uuid primary key default gen_random_uuid(),
  order_id uuid not null references public.orders (id) on delete cascade,
  position smallint not null check (position > 0),
  kind text not null check (kind in ('product', 'package')),
  -- Set null if the catalogue row is ever deleted: the line keeps its title and price.
  product_id uuid references public.products (id) on delete set null,
  package_id uuid references public.packages (id) on delete set null,
  title text not null check (length(btrim(title)) > 0),
  category text not null default '',
  price_pence integer not null check (price_pence >= 0),
  constraint order_lines_order_id_position_key unique (order_id, position),
  constraint order_lines_kind_ref_check check (
    (kind = 'product' and package_id is null) or (kind = 'package' and product_id is null)
  )
);
create index order_lines_product_id_idx on public.order_lines (product_id);
create index order_lines_package_id_idx on public.order_lines (package_id);

comment on table public.order_lines is 'What an order contains: audios and packages, priced at checkout.';

revoke truncate, references, trigger on public.order_lines from anon, authenticated;

alter table public.order_lines enable row level security;
alter table public.order_lines force row level security;

-- Read only, like orders: the service role (edge functions) writes them.
create policy "Customers read their own order lines; admins read all"
  on public.order_lines for select
  to authenticated
  using (exists (
    select 1 from public.orders o
    where o.id = order_lines.order_id
      and (o.user_id = (select auth.uid()) or (select public.is_admin()))
  ));
