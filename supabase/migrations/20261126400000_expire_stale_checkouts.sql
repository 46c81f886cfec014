-- Unpaid checkouts expire (docs/payment-result.md, "Checkouts never paid"). A Stripe Checkout Session can be
-- paid for at most 24 hours after it was created; its checkout.session.expired webhook closes the order, but a
-- webhook can be missed and an order whose session was never created has no session to expire. This closes
-- every order still pending after p_older_than (at least 24 hours, so no payable session is ever closed);
-- reconcile-payments calls it on every run. A late payment is still fulfilled: fulfilment and
-- reconciliation accept an expired order (docs/money.md).

create function public.expire_stale_checkouts(p_older_than interval default interval '25 hours')
returns integer
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_expired integer;
begin
  if p_older_than is null or p_older_than < interval '24 hours' then
    raise exception 'expire_stale_checkouts: p_older_than must be at least 24 hours' using errcode = '22023';
  end if;
  -- Only order rows are locked (the first step of the money lock order, docs/money.md); one being fulfilled
  -- right now is skipped rather than waited for.
  update public.orders o set status = 'expired'
  where o.id in (
    select p.id from public.orders p
    where p.status = 'pending' and p.created_at < now() - p_older_than
    for update skip locked
  );
  get diagnostics v_expired = row_count;
  return v_expired;
end
$$;

comment on function public.expire_stale_checkouts(interval) is
  'Marks pending orders older than p_older_than (>= 24 h: no Checkout Session can still be paid) expired; returns how many.';

revoke execute on function public.expire_stale_checkouts(interval) from public, anon, authenticated, service_role;
grant execute on function public.expire_stale_checkouts(interval) to service_role;
