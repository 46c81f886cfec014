-- Checkout, fulfilment, refunds and disputes with exact money (docs/money.md). Replaces open_checkout_order,
-- fulfil_order and mark_order_refunded (same signatures, so their grants stay: service role only), and adds
-- the dispute, email and reconciliation helpers. All are security invoker and service role only unless said.
--
-- Lock order in every transaction that changes money (docs/money.md "No deadlocks"): the order row (FOR
-- UPDATE), then purchases (inserted in product id order, so two orders of one customer granting the same
-- audios wait for each other instead of deadlocking; deleted only by their own order), then the sales rollups
-- (admin_apply_order).

create or replace function public.open_checkout_order(p_user_id uuid, p_items jsonb)
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
  v_position smallint := 0;
  v_product record;
  v_package record;
  v_clash record;
  v_member record;
  v_product_ids uuid[] := '{}';
  v_package_ids uuid[] := '{}';
  -- Every audio the order grants, its line and its price (what order_items records).
  v_item_products uuid[] := '{}';
  v_item_positions smallint[] := '{}';
  v_item_prices integer[] := '{}';
  v_members uuid[];
  v_member_titles text[];
  v_shares integer[];
  v_left_out text[];
  v_line_price integer;
  v_title text;
  v_lines jsonb := '[]'::jsonb;
  v_total integer := 0;
  v_order_id uuid;
  v_superseded jsonb;
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

  -- One checkout at a time per customer, so the rate limit, the ownership checks and the open-checkout rule
  -- see each other.
  perform pg_advisory_xact_lock(hashtextextended('open_checkout_order:' || p_user_id::text, 0));
  select count(*) into v_recent
  from public.orders o
  where o.user_id = p_user_id and o.created_at > now() - interval '1 minute';
  if v_recent >= 5 then
    raise exception 'Too many checkout attempts. Please wait a minute and try again.' using errcode = 'PT429';
  end if;

  for v_item in select value from jsonb_array_elements(p_items) loop
    v_position := v_position + 1;
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
      v_item_products := v_item_products || v_id;
      v_item_positions := v_item_positions || v_position;
      v_item_prices := v_item_prices || v_product.price_pence;
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

      -- The package's price split over its audios by catalogue price; an audio the customer owns, or that an
      -- earlier package of this cart already brings (the Inception Guide is in every package), is left out
      -- with its share of the price.
      select array_agg(pi.product_id order by pi.position), array_agg(pr.title order by pi.position),
             array_agg(pr.price_pence::numeric order by pi.position)::numeric[]
        into v_members, v_member_titles, v_shares
      from public.package_items pi join public.products pr on pr.id = pi.product_id
      where pi.package_id = v_id;
      v_shares := public.split_pence(v_package.price_pence, v_shares::numeric[]);
      v_line_price := 0;
      v_left_out := '{}';
      for v_member in
        select t.product_id, t.title, t.share from unnest(v_members, v_member_titles, v_shares) as t(product_id, title, share)
      loop
        if v_member.product_id = any (v_item_products)
           or exists (select 1 from public.purchases pu
                      where pu.user_id = p_user_id and pu.product_id = v_member.product_id) then
          v_left_out := v_left_out || v_member.title;
        else
          v_item_products := v_item_products || v_member.product_id;
          v_item_positions := v_item_positions || v_position;
          v_item_prices := v_item_prices || v_member.share;
          v_line_price := v_line_price + v_member.share;
        end if;
      end loop;
      if cardinality(v_left_out) = cardinality(v_members) then
        raise exception 'Every audio in "%" is already in your cart. Please remove it from your cart.', v_package.title;
      end if;
      v_title := v_package.title;
      if cardinality(v_left_out) > 0 then
        v_title := v_title || ' (without ' ||
          (select string_agg('"' || t || '"', ', ') from unnest(v_left_out) t) || ', already yours)';
      end if;
      v_total := v_total + v_line_price;
      v_lines := v_lines || jsonb_build_object(
        'kind', 'package', 'product_id', null, 'package_id', v_id,
        'title', v_title, 'category', v_package.category, 'price_pence', v_line_price,
        'left_out', to_jsonb(v_left_out));
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

  -- One open checkout per audio: an earlier open checkout of this customer that holds any of these audios is
  -- closed (create-checkout expires its Stripe session). Sessions live at most 24 hours.
  with closed as (
    update public.orders o set status = 'expired'
    where o.user_id = p_user_id and o.status = 'pending' and o.created_at > now() - interval '25 hours'
      and exists (select 1 from public.order_items oi
                  where oi.order_id = o.id and oi.product_id = any (v_item_products))
    returning o.id, o.stripe_session_id
  )
  select coalesce(jsonb_agg(jsonb_build_object('order_id', c.id, 'session_id', c.stripe_session_id)), '[]'::jsonb)
    into v_superseded
  from closed c;

  insert into public.orders (user_id, status, amount_pence, currency)
  values (p_user_id, 'pending', v_total, 'gbp')
  returning id into v_order_id;

  insert into public.order_lines (order_id, position, kind, product_id, package_id, title, category, price_pence)
  select v_order_id, l.ordinality::smallint, l.value ->> 'kind', (l.value ->> 'product_id')::uuid,
         (l.value ->> 'package_id')::uuid, l.value ->> 'title', l.value ->> 'category',
         (l.value ->> 'price_pence')::integer
  from jsonb_array_elements(v_lines) with ordinality l;

  insert into public.order_items (order_id, product_id, line_position, price_pence)
  select v_order_id, t.product_id, t.line_position, t.price
  from unnest(v_item_products, v_item_positions, v_item_prices) as t(product_id, line_position, price);

  return jsonb_build_object('order_id', v_order_id, 'amount_pence', v_total, 'currency', 'gbp', 'lines', v_lines,
                            'superseded', v_superseded);
end
$$;

comment on function public.open_checkout_order(uuid, jsonb) is
  'Prices a cart from the catalogue (packages without what the customer has), closes earlier open checkouts of the same audios, opens a pending order with its lines and items.';

create or replace function public.fulfil_order(
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
  v_products uuid[];
  v_shares integer[];
  v_granted integer := 0;
  v_granted_pence integer := 0;
  v_ungranted integer;
  v_ungranted_titles jsonb;
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
    return jsonb_build_object('order_id', v_order.id, 'status', v_order.status, 'granted', 0, 'already', true,
                              'ungranted_pence', v_order.ungranted_pence);
  end if;
  if p_amount_paid is null or p_amount_paid < 0 or p_amount_paid > v_order.amount_pence then
    raise exception 'fulfil_order: amount paid % is not within 0..% for order %',
      p_amount_paid, v_order.amount_pence, p_order_id using errcode = '22023';
  end if;
  -- A pending, expired (superseded) or failed order may be paid after all: Stripe took the money, so grant.
  perform public.fill_order_items(p_order_id);

  -- What the customer paid, split over the order's audios by their checkout prices (exactly those prices
  -- without a promotion code), in product id order: the same lock order in every transaction.
  select array_agg(oi.product_id order by oi.product_id),
         public.split_pence(p_amount_paid, array_agg(oi.price_pence::numeric order by oi.product_id))
    into v_products, v_shares
  from public.order_items oi where oi.order_id = p_order_id;

  if v_order.user_id is not null and v_products is not null then
    with granted as (
      insert into public.purchases (user_id, product_id, order_id, title, category, price)
      select v_order.user_id, t.product_id, p_order_id, pr.title, pr.category, t.share / 100.0
      from unnest(v_products, v_shares) with ordinality as t(product_id, share, n)
      join public.products pr on pr.id = t.product_id
      order by t.n
      on conflict (user_id, product_id) do nothing
      returning price
    )
    select count(*), coalesce(sum((g.price * 100)::integer), 0) into v_granted, v_granted_pence from granted g;
  end if;

  -- Paid for but not granted (owned meanwhile through another order, or the account is gone): the caller
  -- refunds it.
  v_ungranted := p_amount_paid - v_granted_pence;
  select coalesce(jsonb_agg(pr.title order by pr.title), '[]'::jsonb) into v_ungranted_titles
  from public.order_items oi join public.products pr on pr.id = oi.product_id
  where oi.order_id = p_order_id
    and not exists (select 1 from public.purchases pu
                    where pu.order_id = p_order_id and pu.product_id = oi.product_id);

  update public.orders
  set status = 'paid',
      amount_paid_pence = p_amount_paid,
      stripe_payment_intent_id = p_payment_intent,
      fulfilled_at = now(),
      ungranted_pence = v_ungranted
  where id = p_order_id;

  return jsonb_build_object('order_id', p_order_id, 'status', 'paid', 'granted', v_granted, 'already', false,
                            'ungranted_pence', v_ungranted, 'ungranted_titles', v_ungranted_titles);
end
$$;

comment on function public.fulfil_order(uuid, text, text, integer) is
  'Grants a paid order''s audios once, each at its share of the amount paid, records what it could not grant (to refund), marks it paid. Idempotent.';

-- The automatic refund of what fulfilment could not grant was made (or found made) at Stripe.
create function public.record_ungranted_refund(p_order_id uuid, p_refund_id text) returns boolean
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_changed integer;
begin
  if p_refund_id is null or btrim(p_refund_id) = '' then
    raise exception 'record_ungranted_refund: p_refund_id is required' using errcode = '22023';
  end if;
  update public.orders o
  set ungranted_refund_id = p_refund_id, ungranted_refunded_at = now()
  where o.id = p_order_id and o.ungranted_pence > 0 and o.ungranted_refund_id is null;
  get diagnostics v_changed = row_count;
  return v_changed > 0;
end
$$;

create or replace function public.mark_order_refunded(p_payment_intent text)
returns jsonb
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_order public.orders%rowtype;
  v_revoked integer;
  v_suspended integer;
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
  -- Only what this order granted: an audio owned through an earlier order stays owned. (Only this order's
  -- rows, which nothing else writes while its row is locked: their order does not matter.)
  delete from public.purchases pu where pu.order_id = v_order.id;
  get diagnostics v_revoked = row_count;
  delete from public.suspended_purchases sp where sp.order_id = v_order.id;
  get diagnostics v_suspended = row_count;
  update public.orders set status = 'refunded', refunded_at = now() where id = v_order.id;
  return jsonb_build_object('order_id', v_order.id, 'status', 'refunded', 'revoked', v_revoked + v_suspended,
                            'already', false);
end
$$;

-- Disputes ----------------------------------------------------------------------------------------------------

-- charge.dispute.created: the order's audio is suspended (its purchases set aside) while the dispute is open.
-- Null when no order has that payment intent. Events may arrive late or twice: a dispute already closed is
-- not reopened, and a second 'created' changes nothing.
create function public.open_order_dispute(p_payment_intent text, p_dispute_id text) returns jsonb
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_order public.orders%rowtype;
  v_suspended integer;
begin
  if p_payment_intent is null or p_dispute_id is null then
    raise exception 'open_order_dispute: payment intent and dispute id are required' using errcode = '22023';
  end if;
  select * into v_order from public.orders o where o.stripe_payment_intent_id = p_payment_intent for update;
  if not found then
    return null;
  end if;
  if v_order.stripe_dispute_id = p_dispute_id then
    return jsonb_build_object('order_id', v_order.id, 'dispute_status', v_order.dispute_status, 'already', true);
  end if;
  with moved as (
    delete from public.purchases pu where pu.order_id = v_order.id
    returning pu.*
  )
  insert into public.suspended_purchases (id, user_id, product_id, order_id, title, category, price, download_url,
                                          created_at)
  select m.id, m.user_id, m.product_id, m.order_id, m.title, m.category, m.price, m.download_url, m.created_at
  from moved m;
  get diagnostics v_suspended = row_count;
  update public.orders
  set dispute_status = 'open', stripe_dispute_id = p_dispute_id, disputed_at = now(), dispute_closed_at = null
  where id = v_order.id;
  return jsonb_build_object('order_id', v_order.id, 'dispute_status', 'open', 'suspended', v_suspended,
                            'already', false);
end
$$;

-- charge.dispute.closed: won (or an inquiry closed) restores the audio, lost revokes it for good.
create function public.close_order_dispute(p_payment_intent text, p_dispute_id text, p_outcome text)
returns jsonb
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_order public.orders%rowtype;
  v_changed integer := 0;
begin
  if p_outcome is null or p_outcome not in ('won', 'lost') then
    raise exception 'close_order_dispute: p_outcome must be won or lost' using errcode = '22023';
  end if;
  select * into v_order from public.orders o where o.stripe_payment_intent_id = p_payment_intent for update;
  if not found then
    return null;
  end if;
  if v_order.stripe_dispute_id = p_dispute_id and v_order.dispute_status in ('won', 'lost') then
    return jsonb_build_object('order_id', v_order.id, 'dispute_status', v_order.dispute_status, 'already', true);
  end if;
  if p_outcome = 'won' then
    insert into public.purchases (id, user_id, product_id, order_id, title, category, price, download_url, created_at)
    select sp.id, sp.user_id, sp.product_id, sp.order_id, sp.title, sp.category, sp.price, sp.download_url,
           sp.created_at
    from public.suspended_purchases sp
    where sp.order_id = v_order.id
    order by sp.product_id
    on conflict do nothing;
    get diagnostics v_changed = row_count;
  else
    -- Lost (the 'created' event may never have arrived): whatever the order still grants goes.
    delete from public.purchases pu where pu.order_id = v_order.id;
    get diagnostics v_changed = row_count;
  end if;
  delete from public.suspended_purchases sp where sp.order_id = v_order.id;
  update public.orders
  set dispute_status = p_outcome, stripe_dispute_id = p_dispute_id, dispute_closed_at = now(),
      disputed_at = coalesce(disputed_at, now())
  where id = v_order.id;
  return jsonb_build_object('order_id', v_order.id, 'dispute_status', p_outcome,
                            case when p_outcome = 'won' then 'restored' else 'revoked' end, v_changed,
                            'already', false);
end
$$;

-- Emails ------------------------------------------------------------------------------------------------------

-- Claims an order's receipt ('receipt', once paid) or refund notice ('refund', once refunded) for sending:
-- true for exactly one caller. A failed send releases it (release_order_email) so a retry sends it.
create function public.claim_order_email(p_order_id uuid, p_kind text) returns boolean
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_changed integer;
begin
  if p_kind = 'receipt' then
    update public.orders o set receipt_sent_at = now()
    where o.id = p_order_id and o.receipt_sent_at is null and o.status in ('paid', 'refunded')
      and o.user_id is not null;
  elsif p_kind = 'refund' then
    update public.orders o set refund_notice_sent_at = now()
    where o.id = p_order_id and o.refund_notice_sent_at is null and o.user_id is not null
      and (o.status = 'refunded' or o.ungranted_refunded_at is not null);
  else
    raise exception 'claim_order_email: p_kind must be receipt or refund' using errcode = '22023';
  end if;
  get diagnostics v_changed = row_count;
  return v_changed > 0;
end
$$;

create function public.release_order_email(p_order_id uuid, p_kind text) returns void
language plpgsql
security invoker
set search_path = ''
as $$
begin
  if p_kind = 'receipt' then
    update public.orders o set receipt_sent_at = null where o.id = p_order_id;
  elsif p_kind = 'refund' then
    update public.orders o set refund_notice_sent_at = null where o.id = p_order_id;
  else
    raise exception 'release_order_email: p_kind must be receipt or refund' using errcode = '22023';
  end if;
end
$$;

-- What a receipt or refund notice says: the customer's email (auth.users is not readable through the API,
-- hence security definer), the order, its lines and amounts.
create function public.order_email_details(p_order_id uuid) returns jsonb
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

-- Reconciliation ----------------------------------------------------------------------------------------------

-- Which of these Checkout Session ids have an order that is not yet fulfilled (reconcile-payments asks Stripe
-- for the paid sessions, then fulfils these).
create function public.unfulfilled_sessions(p_session_ids text[]) returns setof text
language sql
stable
security invoker
set search_path = ''
as $$
  select o.stripe_session_id from public.orders o
  where o.stripe_session_id = any (p_session_ids) and o.status in ('pending', 'expired', 'failed')
$$;

-- Admin: disputed orders ------------------------------------------------------------------------------------------

create function public.admin_disputed_orders() returns table (
  id uuid,
  created_at timestamptz,
  email text,
  amount_paid_pence integer,
  status text,
  dispute_status text,
  disputed_at timestamptz,
  dispute_closed_at timestamptz
)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform public.require_admin();
  return query
    select o.id, o.created_at, u.email::text, o.amount_paid_pence, o.status, o.dispute_status, o.disputed_at,
           o.dispute_closed_at
    from public.orders o
    left join auth.users u on u.id = o.user_id
    where o.dispute_status is not null
    order by (o.dispute_status = 'open') desc, o.disputed_at desc nulls last
    limit 200;
end
$$;

-- Grants ------------------------------------------------------------------------------------------------------

revoke execute on function public.record_ungranted_refund(uuid, text) from public, anon, authenticated;
revoke execute on function public.open_order_dispute(text, text) from public, anon, authenticated;
revoke execute on function public.close_order_dispute(text, text, text) from public, anon, authenticated;
revoke execute on function public.claim_order_email(uuid, text) from public, anon, authenticated;
revoke execute on function public.release_order_email(uuid, text) from public, anon, authenticated;
revoke execute on function public.order_email_details(uuid) from public, anon, authenticated;
revoke execute on function public.unfulfilled_sessions(text[]) from public, anon, authenticated;
revoke execute on function public.admin_disputed_orders() from public, anon, service_role;

grant execute on function public.record_ungranted_refund(uuid, text) to service_role;
grant execute on function public.open_order_dispute(text, text) to service_role;
grant execute on function public.close_order_dispute(text, text, text) to service_role;
grant execute on function public.claim_order_email(uuid, text) to service_role;
grant execute on function public.release_order_email(uuid, text) to service_role;
grant execute on function public.order_email_details(uuid) to service_role;
grant execute on function public.unfulfilled_sessions(text[]) to service_role;
grant execute on function public.admin_disputed_orders() to authenticated;
