-- The admin's order detail also says what was refunded automatically (paid for audio the customer already
-- had) and the state of a dispute (docs/money.md). Same signature: its grants (authenticated only) stay.

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
