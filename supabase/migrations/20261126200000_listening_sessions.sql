-- The practice log (docs/practice-log.md): how long a customer listened, to what, on which day, so My Account
-- can show minutes per day, days practised and tracks finished, across devices. One row per listening session
-- (one track, one day, one visit of one device); the player sends the session's total so far, so a write sent
-- twice (retried, or queued offline and sent later) never counts twice. What someone listens to can reveal a
-- health concern: only the listener reads their rows; no admin reads them.

create table public.listening_sessions (
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  -- A random id the player chooses, so a session can be written again (its growing total) without a read.
  id uuid not null,
  -- Cascade: a deleted product has no session to show (owned products cannot be deleted anyway).
  product_id uuid not null references public.products (id) on delete cascade,
  -- The listener's own calendar day (their time zone), as the log shows it.
  listened_on date not null,
  started_at timestamptz not null,
  seconds integer not null check (seconds >= 0 and seconds <= 86400),
  finished boolean not null default false,
  updated_at timestamptz not null default now(),
  primary key (user_id, id)
);
create index listening_sessions_user_day_idx on public.listening_sessions (user_id, listened_on);
create index listening_sessions_product_id_idx on public.listening_sessions (product_id);

comment on table public.listening_sessions is
  'Listening sessions of each account (seconds listened, finished), written by the owner''s player for the practice log.';

-- A session only grows: a late or repeated write never lowers its total or un-finishes it, and what it is
-- (track, day, start) never changes once written. A start in the future (a device clock ahead) is capped.
create function public.listening_sessions_only_grow() returns trigger
language plpgsql
security invoker
set search_path = ''
as $$
begin
  new.started_at := least(new.started_at, now());
  new.updated_at := now();
  if tg_op = 'UPDATE' then
    new.product_id := old.product_id;
    new.listened_on := old.listened_on;
    new.started_at := old.started_at;
    new.seconds := greatest(old.seconds, new.seconds);
    new.finished := old.finished or new.finished;
  end if;
  return new;
end
$$;

revoke execute on function public.listening_sessions_only_grow() from public, anon, authenticated, service_role;

create trigger listening_sessions_only_grow before insert or update on public.listening_sessions
  for each row execute function public.listening_sessions_only_grow();

alter table public.listening_sessions enable row level security;
alter table public.listening_sessions force row level security;

-- Least privilege, explicitly (hosted Supabase grants nothing on new tables): customers read and upsert their
-- own sessions (no delete: the log is removed with the account); anon nothing; the service role reads and
-- deletes (data export, account deletion and support run in edge functions) and never writes a session.
revoke all on public.listening_sessions from public, anon, authenticated, service_role;
grant select, insert, update on public.listening_sessions to authenticated;
grant select, delete on public.listening_sessions to service_role;

create policy "Listeners read their own sessions"
  on public.listening_sessions for select
  to authenticated
  using (user_id = (select auth.uid()));

-- Only for a product the listener owns: nobody records listening to audio they cannot play.
create policy "Listeners record sessions of audio they own"
  on public.listening_sessions for insert
  to authenticated
  with check (
    user_id = (select auth.uid())
    and exists (
      select 1 from public.purchases pu
      where pu.product_id = listening_sessions.product_id and pu.user_id = (select auth.uid())
    )
  );

create policy "Listeners update their own sessions"
  on public.listening_sessions for update
  to authenticated
  using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()));
