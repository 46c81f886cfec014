-- Where each customer left each track, per account, so the player resumes on any device
-- (docs/listening-positions.md). One row per (user, product): the latest position reached, the speed chosen
-- for that track, and which device reached it (a random id the browser keeps, and its kind, for the question
-- 'Continue from 12:30, played on this phone yesterday, or 4:10?'). What someone listens to can reveal a
-- health concern: only the owner reads or writes their rows; no admin reads them.

create table public.listening_positions (
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  -- Cascade: a product that is deleted has no position to resume (owned products cannot be deleted anyway).
  product_id uuid not null references public.products (id) on delete cascade,
  position_seconds integer not null check (position_seconds >= 0 and position_seconds <= 86400),
  rate numeric(3, 2) not null default 1 check (rate >= 0.5 and rate <= 2),
  device_id uuid not null,
  device_kind text not null check (device_kind in ('phone', 'tablet', 'computer')),
  -- When the device reached this position (its clock, never later than the server's): positions saved while
  -- offline arrive later, and an older one never overwrites a newer one from another device.
  played_at timestamptz not null,
  updated_at timestamptz not null default now(),
  primary key (user_id, product_id)
);
create index listening_positions_product_id_idx on public.listening_positions (product_id);

comment on table public.listening_positions is
  'The latest listening position and speed of each track per account, written by the owner''s player.';

-- Keeps the newest position: a late write (sent when a device came back online) with an older played_at
-- than the stored one is skipped, and a device clock ahead of the server's is capped at now().
create function public.listening_positions_keep_newest() returns trigger
language plpgsql
security invoker
set search_path = ''
as $$
begin
  new.played_at := least(new.played_at, now());
  new.updated_at := now();
  if tg_op = 'UPDATE' and new.played_at < old.played_at then
    return null;
  end if;
  return new;
end
$$;

revoke execute on function public.listening_positions_keep_newest() from public, anon, authenticated, service_role;

create trigger listening_positions_keep_newest before insert or update on public.listening_positions
  for each row execute function public.listening_positions_keep_newest();

alter table public.listening_positions enable row level security;
alter table public.listening_positions force row level security;

-- Least privilege, explicitly (hosted Supabase grants nothing on new tables): customers read, upsert and
-- delete their own rows; anon nothing; the service role reads and deletes (data export, account deletion and
-- support run in edge functions), never rewrites a listener's position.
revoke all on public.listening_positions from public, anon, authenticated, service_role;
grant select, insert, update, delete on public.listening_positions to authenticated;
grant select, delete on public.listening_positions to service_role;

create policy "Listeners read their own positions"
  on public.listening_positions for select
  to authenticated
  using (user_id = (select auth.uid()));

-- Only for a product the listener owns: a position names no one else's track, and nobody stores data about
-- audio they cannot play.
create policy "Listeners save positions of audio they own"
  on public.listening_positions for insert
  to authenticated
  with check (
    user_id = (select auth.uid())
    and exists (
      select 1 from public.purchases pu
      where pu.product_id = listening_positions.product_id and pu.user_id = (select auth.uid())
    )
  );

create policy "Listeners update their own positions"
  on public.listening_positions for update
  to authenticated
  using (user_id = (select auth.uid()))
  with check (
    user_id = (select auth.uid())
    and exists (
      select 1 from public.purchases pu
      where pu.product_id = listening_positions.product_id and pu.user_id = (select auth.uid())
    )
  );

create policy "Listeners delete their own positions"
  on public.listening_positions for delete
  to authenticated
  using (user_id = (select auth.uid()));
