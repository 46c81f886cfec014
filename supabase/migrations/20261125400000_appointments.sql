-- Appointments booked on the external scheduler (Calendly), received by the scheduler-webhook edge function
-- (docs/appointments.md). Health-related data (docs/product-rules.md D26 "Health data"):
--
-- * public.appointments: one row per booking. A reschedule moves the row to the new invitee (Calendly cancels
--   the old invitee with `rescheduled: true` and creates a new one with `old_invitee`), so no cancelled twin is
--   left. Linked to the confirmed account with the invitee's email, or kept by email (user_id null) until such
--   an account exists; the trigger on auth.users links it then. Removed with the account (on delete cascade).
--   The customer reads their own rows, an admin reads all; nobody writes through the API: only
--   public.record_scheduler_event (service role, called by the webhook after verifying the signature) does.
-- * public.scheduler_webhook_deliveries: the signatures of accepted deliveries (a replay is refused) and
--   public.scheduler_webhook_events: the events already applied (a redelivery changes nothing). No API role
--   reads or writes them; only the security definer function below.

create table public.appointments (
  id uuid primary key default gen_random_uuid(),
  user_id uuid references auth.users (id) on delete cascade,
  invitee_email text not null check (invitee_email ~ '^[^@\s]+@[^@\s]+$' and length(invitee_email) <= 320),
  invitee_name text not null default '' check (length(invitee_name) <= 500),
  -- The scheduler's invitee URI: replaced by the new invitee's on a reschedule.
  invitee_uri text not null unique check (length(invitee_uri) between 1 and 2000),
  scheduled_event_uri text check (length(scheduled_event_uri) <= 2000),
  event_type text not null default '' check (length(event_type) <= 500),
  starts_at timestamptz not null,
  ends_at timestamptz not null,
  status text not null check (status in ('active', 'canceled')),
  reschedule_url text check (reschedule_url ~ '^https?://' and length(reschedule_url) <= 2000),
  cancel_url text check (cancel_url ~ '^https?://' and length(cancel_url) <= 2000),
  rescheduled_count integer not null default 0 check (rescheduled_count >= 0),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (ends_at > starts_at)
);
comment on table public.appointments is
  'Bookings received from the scheduler webhook: the owner reads their own, admins read all; written only by record_scheduler_event.';

create index appointments_user_id_starts_at_idx on public.appointments (user_id, starts_at);
create index appointments_starts_at_idx on public.appointments (starts_at);
create index appointments_unlinked_email_idx on public.appointments (lower(invitee_email)) where user_id is null;

create trigger appointments_set_updated_at
  before update on public.appointments
  for each row execute function public.set_updated_at();

alter table public.appointments enable row level security;

revoke all on public.appointments from public, anon, authenticated, service_role;
-- Customers and admins read through RLS; the service role reads (support, the delete and export paths) and
-- writes only through record_scheduler_event (security definer), so it needs no write privilege here.
grant select on public.appointments to authenticated, service_role;

create policy "Customers read their own appointments"
  on public.appointments for select
  to authenticated
  using (user_id = (select auth.uid()));

create policy "Admins read every appointment"
  on public.appointments for select
  to authenticated
  using ((select public.is_admin()));

create table public.scheduler_webhook_deliveries (
  signature text primary key,
  received_at timestamptz not null default now()
);
comment on table public.scheduler_webhook_deliveries is
  'Signatures of accepted scheduler webhook deliveries (replays are refused); kept one day.';
create index scheduler_webhook_deliveries_received_at_idx on public.scheduler_webhook_deliveries (received_at);
alter table public.scheduler_webhook_deliveries enable row level security;
revoke all on public.scheduler_webhook_deliveries from public, anon, authenticated, service_role;

create table public.scheduler_webhook_events (
  event_key text primary key,
  received_at timestamptz not null default now()
);
comment on table public.scheduler_webhook_events is
  'Scheduler webhook events already applied (<event>:<invitee uri>): a redelivery changes nothing.';
alter table public.scheduler_webhook_events enable row level security;
revoke all on public.scheduler_webhook_events from public, anon, authenticated, service_role;

-- Applies one verified webhook delivery. p_signature: the delivery's v1 signature (refused when seen before);
-- p_event: 'invitee.created' or 'invitee.canceled'; p_invitee: Calendly's `payload` object. Returns what
-- happened: replayed | duplicate | created | rescheduled | canceled | ignored. Invalid payloads raise 22023.
create function public.record_scheduler_event(p_signature text, p_event text, p_invitee jsonb)
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_uri text := p_invitee ->> 'uri';
  v_event jsonb := p_invitee -> 'scheduled_event';
  v_email text := p_invitee ->> 'email';
  v_old text := p_invitee ->> 'old_invitee';
  v_user uuid;
  v_updated integer;
begin
  if p_signature is null or length(p_signature) = 0 or length(p_signature) > 200 then
    raise exception 'record_scheduler_event: a signature is required' using errcode = '22023';
  end if;
  if p_event not in ('invitee.created', 'invitee.canceled') or v_uri is null or length(v_uri) = 0 then
    raise exception 'record_scheduler_event: unsupported event or missing invitee uri' using errcode = '22023';
  end if;

  delete from public.scheduler_webhook_deliveries d where d.received_at < now() - interval '1 day';
  insert into public.scheduler_webhook_deliveries (signature) values (p_signature)
  on conflict (signature) do nothing;
  if not found then
    return 'replayed';
  end if;

  insert into public.scheduler_webhook_events (event_key) values (p_event || ':' || v_uri)
  on conflict (event_key) do nothing;
  if not found then
    return 'duplicate';
  end if;

  if p_event = 'invitee.canceled' then
    -- The cancel half of a reschedule: the created half moves the row (in whichever order they arrive).
    if coalesce((p_invitee ->> 'rescheduled')::boolean, false) then
      return 'ignored';
    end if;
    update public.appointments a set status = 'canceled' where a.invitee_uri = v_uri;
    get diagnostics v_updated = row_count;
    return case when v_updated > 0 then 'canceled' else 'ignored' end;
  end if;

  if v_email is null or v_event is null then
    raise exception 'record_scheduler_event: the invitee needs an email and a scheduled event'
      using errcode = '22023';
  end if;

  select u.id into v_user from auth.users u
  where lower(u.email) = lower(v_email) and u.email_confirmed_at is not null
  limit 1;

  if v_old is not null then
    update public.appointments a set
      invitee_uri = v_uri,
      scheduled_event_uri = v_event ->> 'uri',
      event_type = coalesce(v_event ->> 'name', ''),
      starts_at = (v_event ->> 'start_time')::timestamptz,
      ends_at = (v_event ->> 'end_time')::timestamptz,
      status = 'active',
      invitee_email = v_email,
      invitee_name = coalesce(p_invitee ->> 'name', ''),
      reschedule_url = p_invitee ->> 'reschedule_url',
      cancel_url = p_invitee ->> 'cancel_url',
      user_id = coalesce(a.user_id, v_user),
      rescheduled_count = a.rescheduled_count + 1
    where a.invitee_uri = v_old;
    get diagnostics v_updated = row_count;
    if v_updated > 0 then
      return 'rescheduled';
    end if;
  end if;

  insert into public.appointments (user_id, invitee_email, invitee_name, invitee_uri, scheduled_event_uri,
    event_type, starts_at, ends_at, status, reschedule_url, cancel_url)
  values (v_user, v_email, coalesce(p_invitee ->> 'name', ''), v_uri, v_event ->> 'uri',
    coalesce(v_event ->> 'name', ''), (v_event ->> 'start_time')::timestamptz,
    (v_event ->> 'end_time')::timestamptz, 'active', p_invitee ->> 'reschedule_url', p_invitee ->> 'cancel_url')
  on conflict (invitee_uri) do nothing;
  return 'created';
end
$$;
comment on function public.record_scheduler_event(text, text, jsonb) is
  'Applies one verified scheduler webhook delivery (replays refused, redeliveries ignored). Service role only.';
revoke execute on function public.record_scheduler_event(text, text, jsonb) from public, anon, authenticated;
grant execute on function public.record_scheduler_event(text, text, jsonb) to service_role;

-- Links appointments kept for an email once an account with that email is confirmed (sign-up, or an account
-- created confirmed). Security definer: it updates public.appointments from a trigger on auth.users.
create function private.link_appointments_to_account() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.email is not null and new.email_confirmed_at is not null then
    update public.appointments a set user_id = new.id
    where a.user_id is null and lower(a.invitee_email) = lower(new.email);
  end if;
  return null;
end
$$;
revoke execute on function private.link_appointments_to_account() from public, anon, authenticated, service_role;

create trigger appointments_link_account
  after insert or update of email, email_confirmed_at on auth.users
  for each row execute function private.link_appointments_to_account();
