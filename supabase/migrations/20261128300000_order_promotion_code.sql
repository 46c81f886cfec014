-- The promotion code a customer paid with, as they typed it (e.g. WELCOME10), so that the order's discount line
-- can name it: 'Discount (WELCOME10) −£0.30' in My Account, on the payment result page, in the admin's order
-- details and in the receipt (docs/money.md "Discounts"). Fulfilment records it from the Checkout Session's
-- discounts (supabase/functions/_shared/fulfil.ts); null when no code was used (or for orders paid before).
-- The table's grants are table-wide (authenticated: select under the orders' RLS, only one's own orders or an
-- admin's; service_role: select, insert, update), so they cover the new column and nothing else changes.
alter table public.orders
  add column promotion_code text
    constraint orders_promotion_code_length check (char_length(promotion_code) between 1 and 500);

-- The admin's order details and the receipt's details return it too. Same signatures: their grants stay.
create or replace function public.admin_order_detail(p_order_id uuid) returns jsonb
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
    'promotion_code', o.promotion_code,
    'currency', o.currency,
    'stripe_session_id', o.stripe_session_id,
    'stripe_payment_intent_id', o.stripe_payment_intent_id,
    'fulfilled_at', o.fulfilled_at,
    'refunded_at', o.refunded_at,
    'ungranted_pence', o.ungranted_pence,
    'ungranted_refunded_at', o.ungranted_refunded_at,
    'dispute_status', o.dispute_status,
    'disputed_at', o.disputed_at,
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

create or replace function public.order_email_details(p_order_id uuid) returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select jsonb_build_object(
    'order_id', o.id,
    'order_number', upper(left(o.id::text, 8)),
    'email', u.email,
    'created_at', o.created_at,
    'status', o.status,
    'currency', o.currency,
    'amount_pence', o.amount_pence,
    'amount_paid_pence', o.amount_paid_pence,
    'promotion_code', o.promotion_code,
    'ungranted_pence', o.ungranted_pence,
    'ungranted_refunded', o.ungranted_refund_id is not null,
    'refunded_at', o.refunded_at,
    'lines', coalesce((
      select jsonb_agg(jsonb_build_object('title', l.title, 'price_pence', l.price_pence) order by l.position)
      from public.order_lines l where l.order_id = o.id
    ), '[]'::jsonb),
    'ungranted_titles', coalesce((
      select jsonb_agg(pr.title order by pr.title)
      from public.order_items oi join public.products pr on pr.id = oi.product_id
      where oi.order_id = o.id and o.ungranted_pence > 0
        and not exists (select 1 from public.purchases pu where pu.order_id = o.id and pu.product_id = oi.product_id)
        and not exists (select 1 from public.suspended_purchases sp
                        where sp.order_id = o.id and sp.product_id = oi.product_id)
    ), '[]'::jsonb)
  )
  from public.orders o
  left join auth.users u on u.id = o.user_id
  where o.id = p_order_id
$$;
