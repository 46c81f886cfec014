-- Checkout and fulfilment: the SQL half of create-checkout, fulfil (stripe-webhook and verify-payment) and
-- refunds. Each function is one transaction; all are security invoker and executable by the service role only
-- (edge functions, after their own checks): the browser can never open, pay or refund an order itself.
--
--   open_checkout_order  validates and prices a cart from the catalogue, rate-limits, creates a pending order
--                        with its lines
--   fulfil_order         Stripe says paid: grants every item once, prices the purchases so they add up to what
--                        was paid, marks the order paid (idempotent, safe when run concurrently)
--   close_unpaid_order   a pending order's session expired or its asynchronous payment failed
--   mark_order_refunded  the order's payment was refunded: order refunded, its purchases revoked (idempotent)
--
-- Refusals raise P0001 with a message meant for the customer (PostgREST answers 400); the rate limit raises
-- PT429 (PostgREST answers 429).

create function public.open_checkout_order(p_user_id uuid, p_items jsonb)
returns jsonb
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_count integer;
  v_recent integer;
  v_item jsonb;
  v_kind text;
  v_id uuid;
  v_product record;
  v_package record;
  v_clash record;
  v_product_ids uuid[] := '{}';
  v_package_ids uuid[] := '{}';
  v_lines jsonb := '[]'::jsonb;
  v_total integer := 0;
  v_order_id uuid;
begin
  if p_user_id is null then
    raise exception 'open_checkout_order: p_user_id is required' using errcode = '22023';
  end if;
  if p_items is null or jsonb_typeof(p_items) <> 'array' then
    raise exception 'The cart must be a list of items.';
  end if;
  v_count := jsonb_array_length(p_items);
  if v_count = 0 then
    raise exception 'Your cart is empty.';
  end if;
  if v_count > 50 then
    raise exception 'A cart can hold at most 50 items; this one has %. Please remove some and try again.', v_count;
  end if;

  -- One checkout at a time per customer, so the rate limit and the ownership checks see each other.
  perform pg_advisory_xact_lock(hashtextextended('open_checkout_order:' || p_user_id::text, 0));
  select count(*) into v_recent
  from public.orders o
  where o.user_id = p_user_id and o.created_at > now() - interval '1 minute';
  if v_recent >= 5 then
    raise exception 'Too many checkout attempts. Please wait a minute and try again.' using errcode = 'PT429';
  end if;

  for v_item in select value from jsonb_array_elements(p_items) loop
    v_kind := case when jsonb_typeof(v_item) = 'object' then v_item ->> 'kind' end;
    if v_kind is null or v_kind not in ('product', 'package')
       or jsonb_typeof(v_item -> 'id') is distinct from 'string'
       or (v_item ->> 'id') !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
      raise exception 'Each cart item needs a kind (''product'' or ''package'') and a catalogue id.';
    end if;
    v_id := (v_item ->> 'id')::uuid;

    if v_kind = 'product' then
      select pr.id, pr.title, pr.category, pr.price_pence, pr.published into v_product
      from public.products pr where pr.id = v_id;
      if not found then
        raise exception 'An audio in your cart (id %) is not in the catalogue. Please remove it and try again.', v_id;
      end if;
      if not v_product.published then
        raise exception '"%" is no longer available. Please remove it from your cart.', v_product.title;
      end if;
      if v_id = any (v_product_ids) then
        raise exception '"%" is in your cart twice.', v_product.title;
      end if;
      if exists (select 1 from public.purchases pu where pu.user_id = p_user_id and pu.product_id = v_id) then
        raise exception 'You already own "%". Please remove it from your cart.', v_product.title;
      end if;
      v_product_ids := v_product_ids || v_id;
      v_total := v_total + v_product.price_pence;
      v_lines := v_lines || jsonb_build_object(
        'kind', 'product', 'product_id', v_id, 'package_id', null,
        'title', v_product.title, 'category', v_product.category, 'price_pence', v_product.price_pence);
    else
      select pk.id, pk.title, pk.category, pk.price_pence, pk.published into v_package
      from public.packages pk where pk.id = v_id;
      if not found then
        raise exception 'A package in your cart (id %) is not in the catalogue. Please remove it and try again.', v_id;
      end if;
      if not v_package.published
         or not exists (select 1 from public.package_items pi where pi.package_id = v_id) then
        raise exception '"%" is no longer available. Please remove it from your cart.', v_package.title;
      end if;
      if v_id = any (v_package_ids) then
        raise exception '"%" is in your cart twice.', v_package.title;
      end if;
      if not exists (
        select 1 from public.package_items pi
        where pi.package_id = v_id
          and not exists (
            select 1 from public.purchases pu where pu.user_id = p_user_id and pu.product_id = pi.product_id
          )
      ) then
        raise exception 'You already own every audio in "%". Please remove it from your cart.', v_package.title;
      end if;
      v_package_ids := v_package_ids || v_id;
      v_total := v_total + v_package.price_pence;
      v_lines := v_lines || jsonb_build_object(
        'kind', 'package', 'product_id', null, 'package_id', v_id,
        'title', v_package.title, 'category', v_package.category, 'price_pence', v_package.price_pence);
    end if;
  end loop;

  -- An audio the cart also buys inside a package would be paid for twice.
  select pr.title as product_title, pk.title as package_title into v_clash
  from public.package_items pi
  join public.products pr on pr.id = pi.product_id
  join public.packages pk on pk.id = pi.package_id
  where pi.package_id = any (v_package_ids) and pi.product_id = any (v_product_ids)
  order by pk.title, pr.title
  limit 1;
  if found then
    raise exception '"%" is already included in "%". Please remove one of them from your cart.',
      v_clash.product_title, v_clash.package_title;
  end if;

  insert into public.orders (user_id, status, amount_pence, currency)
  values (p_user_id, 'pending', v_total, 'gbp')
  returning id into v_order_id;

  insert into public.order_lines (order_id, position, kind, product_id, package_id, title, category, price_pence)
  select v_order_id, l.ordinality::smallint, l.value ->> 'kind', (l.value ->> 'product_id')::uuid,
         (l.value ->> 'package_id')::uuid, l.value ->> 'title', l.value ->> 'category',
         (l.value ->> 'price_pence')::integer
  from jsonb_array_elements(v_lines) with ordinality l;

  return jsonb_build_object('order_id', v_order_id, 'amount_pence', v_total, 'currency', 'gbp', 'lines', v_lines);
end
$$;

comment on function public.open_checkout_order(uuid, jsonb) is
  'Prices a cart from the catalogue and opens a pending order with its lines; refuses bad carts with a clear message.';

create function public.fulfil_order(
  p_order_id uuid,
  p_session_id text,
  p_payment_intent text,
  p_amount_paid integer
) returns jsonb
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_order public.orders%rowtype;
  v_granted integer := 0;
begin
  -- The row lock serialises every fulfilment of this order: a second (or concurrent) call waits, then sees
  -- the order paid and grants nothing.
  select * into v_order from public.orders o where o.id = p_order_id for update;
  if not found then
    raise exception 'fulfil_order: no order %', p_order_id using errcode = 'P0002';
  end if;
  if v_order.stripe_session_id is distinct from p_session_id then
    raise exception 'fulfil_order: session % is not the session of order %', p_session_id, p_order_id
      using errcode = '22023';
  end if;
  if v_order.status in ('paid', 'refunded') then
    return jsonb_build_object('order_id', v_order.id, 'status', v_order.status, 'granted', 0, 'already', true);
  end if;
  if p_amount_paid is null or p_amount_paid < 0 or p_amount_paid > v_order.amount_pence then
    raise exception 'fulfil_order: amount paid % is not within 0..% for order %',
      p_amount_paid, v_order.amount_pence, p_order_id using errcode = '22023';
  end if;

  -- Every audio the order grants (a package grants its items, the Inception Guide among them), weighted by
  -- what the customer paid for it: a product line by its price, a package line's price split over its items
  -- by their catalogue prices. Items already owned are not granted again; what was paid is spread over the
  -- newly granted ones (largest remainder, in pence) so their prices add up exactly to the amount paid.
  if v_order.user_id is not null then
    with weighted as (
      select l.position, l.product_id, l.price_pence::numeric as weight
      from public.order_lines l
      where l.order_id = p_order_id and l.kind = 'product' and l.product_id is not null
      union all
      select l.position, pi.product_id,
             l.price_pence::numeric * pr.price_pence / sum(pr.price_pence) over (partition by l.id)
      from public.order_lines l
      join public.package_items pi on pi.package_id = l.package_id
      join public.products pr on pr.id = pi.product_id
      where l.order_id = p_order_id and l.kind = 'package'
    ),
    candidates as (
      select w.product_id, sum(w.weight) as weight, min(w.position) as position
      from weighted w
      where not exists (
        select 1 from public.purchases pu where pu.user_id = v_order.user_id and pu.product_id = w.product_id
      )
      group by w.product_id
    ),
    shares as (
      select c.product_id, c.position,
             case when sum(c.weight) over () > 0 then p_amount_paid * c.weight / sum(c.weight) over () else 0 end
               as exact
      from candidates c
    ),
    floored as (
      select s.product_id, s.position, floor(s.exact) as base, s.exact - floor(s.exact) as frac
      from shares s
    ),
    ranked as (
      select f.product_id, f.base,
             row_number() over (order by f.frac desc, f.position, f.product_id) as rn,
             p_amount_paid - sum(f.base) over () as leftover
      from floored f
    )
    insert into public.purchases (user_id, product_id, order_id, title, category, price)
    select v_order.user_id, r.product_id, p_order_id, pr.title, pr.category,
           (r.base + case when r.rn <= r.leftover then 1 else 0 end) / 100
    from ranked r
    join public.products pr on pr.id = r.product_id
    order by r.rn
    on conflict (user_id, product_id) do nothing;
    get diagnostics v_granted = row_count;
  end if;

  update public.orders
  set status = 'paid',
      amount_paid_pence = p_amount_paid,
      stripe_payment_intent_id = p_payment_intent,
      fulfilled_at = now()
  where id = p_order_id;

  return jsonb_build_object('order_id', p_order_id, 'status', 'paid', 'granted', v_granted, 'already', false);
end
$$;

comment on function public.fulfil_order(uuid, text, text, integer) is
  'Grants a paid order''s items once (purchases priced to sum to the amount paid) and marks it paid. Idempotent.';

create function public.close_unpaid_order(p_session_id text, p_status text)
returns boolean
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_closed boolean;
begin
  if p_status is null or p_status not in ('failed', 'expired') then
    raise exception 'close_unpaid_order: p_status must be failed or expired' using errcode = '22023';
  end if;
  -- Only a pending order: a paid (or refunded) one keeps its state whatever order the events arrive in.
  update public.orders o set status = p_status
  where o.stripe_session_id = p_session_id and o.status = 'pending';
  get diagnostics v_closed = row_count;
  return v_closed;
end
$$;

comment on function public.close_unpaid_order(text, text) is
  'Marks a pending order failed or expired (its Checkout Session did not pay). Returns whether it changed.';

create function public.mark_order_refunded(p_payment_intent text)
returns jsonb
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_order public.orders%rowtype;
  v_revoked integer;
begin
  if p_payment_intent is null or btrim(p_payment_intent) = '' then
    raise exception 'mark_order_refunded: p_payment_intent is required' using errcode = '22023';
  end if;
  select * into v_order from public.orders o where o.stripe_payment_intent_id = p_payment_intent for update;
  if not found then
    return null;
  end if;
  if v_order.status = 'refunded' then
    return jsonb_build_object('order_id', v_order.id, 'status', 'refunded', 'revoked', 0, 'already', true);
  end if;
  if v_order.status <> 'paid' then
    raise exception 'mark_order_refunded: order % is %, not paid', v_order.id, v_order.status using errcode = '22023';
  end if;
  -- Only what this order granted: an audio owned through an earlier order stays owned.
  delete from public.purchases pu where pu.order_id = v_order.id;
  get diagnostics v_revoked = row_count;
  update public.orders set status = 'refunded', refunded_at = now() where id = v_order.id;
  return jsonb_build_object('order_id', v_order.id, 'status', 'refunded', 'revoked', v_revoked, 'already', false);
end
$$;

comment on function public.mark_order_refunded(text) is
  'The order paid with this payment intent was refunded: revokes its purchases, marks it refunded. Idempotent; null when no order has that payment intent.';

revoke execute on function public.open_checkout_order(uuid, jsonb) from public, anon, authenticated;
revoke execute on function public.fulfil_order(uuid, text, text, integer) from public, anon, authenticated;
revoke execute on function public.close_unpaid_order(text, text) from public, anon, authenticated;
revoke execute on function public.mark_order_refunded(text) from public, anon, authenticated;
grant execute on function public.open_checkout_order(uuid, jsonb) to service_role;
grant execute on function public.fulfil_order(uuid, text, text, integer) to service_role;
grant execute on function public.close_unpaid_order(text, text) to service_role;
grant execute on function public.mark_order_refunded(text) to service_role;

-- The rate limit counts a customer's recent orders (orders_user_id_idx covers it); fulfilment finds an order by
-- its session or payment intent (both unique). Expiry and failure look up pending orders by session.
