-- The practitioner's programmes (docs/programmes.md): audio and multi-day programmes assigned to a client, the
-- client's progress through them, and a private note per client. Health-related (docs/product-rules.md D26):
--
-- * public.programmes / public.programme_steps: a title, an introduction and ordered steps (a catalogue audio, a
--   day number, a note). Templates (is_template) are the admin's library; assigning copies a template into a
--   programme of that client's own (is_template false), so editing a template never changes what a client was
--   given, and the client's copy goes with the assignment. Admins read all; a client reads only the programmes
--   assigned to them. Written only through admin_save_programme / admin_duplicate_programme /
--   admin_assign_to_client (security definer, admin-checked, logged).
-- * public.client_assignments: a programme or a single audio, with a note, for an account or (no account yet)
--   an email; granted (a zero-price purchase, as admin_grant_audio) or offered for purchase. Linked, and granted
--   audio given, once an account with that email is confirmed. Removed with the account (cascade).
-- * public.programme_progress: per account and assigned audio, how far it was listened, when it was first
--   listened to the end and when last; kept by a trigger on public.listening_positions (the player's resume
--   positions, docs/listening-positions.md) for assigned audio only. The client and admins read it.
-- * public.client_notes: the practitioner's private note on a client. Admins only.

create table public.programmes (
  id uuid primary key default gen_random_uuid(),
  title text not null check (length(btrim(title)) between 1 and 200),
  introduction text not null default '' check (length(introduction) <= 4000),
  -- Each step opens when the previous one was listened to, or on its day (docs/programmes.md "Unlock").
  sequential_unlock boolean not null default false,
  is_template boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.programmes is
  'Programmes of assigned audio: admin templates and each client''s own copy. Written by admin functions only.';
create trigger programmes_set_updated_at before update on public.programmes
  for each row execute function public.set_updated_at();

create table public.programme_steps (
  id uuid primary key default gen_random_uuid(),
  programme_id uuid not null references public.programmes (id) on delete cascade,
  position integer not null check (position between 1 and 100),
  -- Restrict: an audio in a programme cannot be deleted (unpublish it instead).
  product_id uuid not null references public.products (id),
  day_number integer not null check (day_number between 1 and 366),
  note text not null default '' check (length(note) <= 2000),
  unique (programme_id, position)
);
comment on table public.programme_steps is 'The ordered steps of a programme: an audio, its day, a note.';
create index programme_steps_product_id_idx on public.programme_steps (product_id);

create table public.client_assignments (
  id uuid primary key default gen_random_uuid(),
  user_id uuid references auth.users (id) on delete cascade,
  email text not null check (email ~ '^[^@\s]+@[^@\s]+$' and length(email) <= 320),
  programme_id uuid references public.programmes (id) on delete restrict,
  product_id uuid references public.products (id),
  note text not null default '' check (length(note) <= 2000),
  access text not null check (access in ('granted', 'offered')),
  assigned_at timestamptz not null default now(),
  check (num_nonnulls(programme_id, product_id) = 1)
);
comment on table public.client_assignments is
  'A programme or an audio assigned to a client (an account, or an email until it has one). Admin functions write.';
create index client_assignments_user_id_idx on public.client_assignments (user_id, assigned_at desc);
create index client_assignments_programme_id_idx on public.client_assignments (programme_id);
create index client_assignments_product_id_idx on public.client_assignments (product_id);
create index client_assignments_unlinked_email_idx on public.client_assignments (lower(email))
  where user_id is null;

create table public.programme_progress (
  user_id uuid not null references auth.users (id) on delete cascade,
  product_id uuid not null references public.products (id) on delete cascade,
  furthest_seconds integer not null default 0 check (furthest_seconds >= 0),
  -- The first time the player reported the audio finished (its position saved back to 0 after playing).
  listened_at timestamptz,
  last_listened_at timestamptz not null,
  primary key (user_id, product_id)
);
comment on table public.programme_progress is
  'How far each assigned audio was listened, per account; kept from listening_positions by a trigger.';
create index programme_progress_product_id_idx on public.programme_progress (product_id);

create table public.client_notes (
  user_id uuid primary key references auth.users (id) on delete cascade,
  note text not null default '' check (length(note) <= 10000),
  updated_at timestamptz not null default now()
);
comment on table public.client_notes is 'The practitioner''s private note on a client: admins only.';
create trigger client_notes_set_updated_at before update on public.client_notes
  for each row execute function public.set_updated_at();

alter table public.programmes enable row level security;
alter table public.programme_steps enable row level security;
alter table public.client_assignments enable row level security;
alter table public.programme_progress enable row level security;
alter table public.client_notes enable row level security;
alter table public.programmes force row level security;
alter table public.programme_steps force row level security;
alter table public.client_assignments force row level security;
alter table public.programme_progress force row level security;
alter table public.client_notes force row level security;

-- Least privilege, explicitly. Reads through RLS for authenticated (clients their own, admins all); writes only
-- through the admin functions below, except the note, which admins write under RLS. The service role reads
-- assignments and programme titles (notify-assignment sends the email) and nothing else; anon has nothing.
revoke all on public.programmes, public.programme_steps, public.client_assignments, public.programme_progress,
  public.client_notes from public, anon, authenticated, service_role;
grant select on public.programmes, public.programme_steps, public.client_assignments, public.programme_progress
  to authenticated;
grant select, insert, update on public.client_notes to authenticated;
grant select on public.client_assignments to service_role;

create policy "Admins read every programme"
  on public.programmes for select to authenticated
  using ((select public.is_admin()));
create policy "Clients read the programmes assigned to them"
  on public.programmes for select to authenticated
  using (exists (
    select 1 from public.client_assignments a
    where a.programme_id = programmes.id and a.user_id = (select auth.uid())
  ));

create policy "Admins read every programme step"
  on public.programme_steps for select to authenticated
  using ((select public.is_admin()));
create policy "Clients read the steps of programmes assigned to them"
  on public.programme_steps for select to authenticated
  using (exists (
    select 1 from public.client_assignments a
    where a.programme_id = programme_steps.programme_id and a.user_id = (select auth.uid())
  ));

create policy "Admins read every assignment"
  on public.client_assignments for select to authenticated
  using ((select public.is_admin()));
create policy "Clients read their own assignments"
  on public.client_assignments for select to authenticated
  using (user_id = (select auth.uid()));

create policy "Admins read all programme progress"
  on public.programme_progress for select to authenticated
  using ((select public.is_admin()));
create policy "Clients read their own programme progress"
  on public.programme_progress for select to authenticated
  using (user_id = (select auth.uid()));

create policy "Admins read client notes"
  on public.client_notes for select to authenticated
  using ((select public.is_admin()));
create policy "Admins write client notes"
  on public.client_notes for insert to authenticated
  with check ((select public.is_admin()));
create policy "Admins update client notes"
  on public.client_notes for update to authenticated
  using ((select public.is_admin()))
  with check ((select public.is_admin()));

-- Replaces a programme's fields and steps at once (p_id null: a new template). p_steps: a JSON array of
-- { product_id, day_number, note } in order. Returns the programme's id.
create function public.admin_save_programme(
  p_id uuid,
  p_title text,
  p_introduction text,
  p_sequential_unlock boolean,
  p_steps jsonb
) returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_actor uuid := public.require_admin();
  v_id uuid := p_id;
  v_step jsonb;
  v_position integer := 0;
begin
  if p_steps is null or jsonb_typeof(p_steps) <> 'array' or jsonb_array_length(p_steps) = 0 then
    raise exception 'A programme needs at least one step' using errcode = '22023';
  end if;
  if v_id is null then
    insert into public.programmes (title, introduction, sequential_unlock, is_template)
    values (btrim(p_title), coalesce(p_introduction, ''), coalesce(p_sequential_unlock, false), true)
    returning id into v_id;
  else
    update public.programmes p
    set title = btrim(p_title), introduction = coalesce(p_introduction, ''),
        sequential_unlock = coalesce(p_sequential_unlock, false)
    where p.id = v_id;
    if not found then
      raise exception 'No such programme' using errcode = 'P0002';
    end if;
    delete from public.programme_steps s where s.programme_id = v_id;
  end if;
  for v_step in select value from jsonb_array_elements(p_steps) loop
    v_position := v_position + 1;
    insert into public.programme_steps (programme_id, position, product_id, day_number, note)
    values (v_id, v_position, (v_step ->> 'product_id')::uuid, (v_step ->> 'day_number')::integer,
            coalesce(v_step ->> 'note', ''));
  end loop;
  perform public.log_admin_activity(
    v_actor, case when p_id is null then 'programme.create' else 'programme.update' end, 'programme',
    v_id::text, btrim(p_title), null,
    jsonb_build_object('title', btrim(p_title), 'steps', jsonb_array_length(p_steps),
                       'sequential_unlock', coalesce(p_sequential_unlock, false))
  );
  return v_id;
end
$$;

-- Copies a programme (a template, or a client's copy) into a new template titled '<title> (copy)'.
create function public.admin_duplicate_programme(p_id uuid) returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_actor uuid := public.require_admin();
  v_source public.programmes;
  v_id uuid;
begin
  select * into v_source from public.programmes p where p.id = p_id;
  if v_source.id is null then
    raise exception 'No such programme' using errcode = 'P0002';
  end if;
  insert into public.programmes (title, introduction, sequential_unlock, is_template)
  values (left(v_source.title || ' (copy)', 200), v_source.introduction, v_source.sequential_unlock, true)
  returning id into v_id;
  insert into public.programme_steps (programme_id, position, product_id, day_number, note)
  select v_id, s.position, s.product_id, s.day_number, s.note
  from public.programme_steps s where s.programme_id = p_id;
  perform public.log_admin_activity(v_actor, 'programme.duplicate', 'programme', v_id::text,
    v_source.title, jsonb_build_object('from', p_id), jsonb_build_object('title', v_source.title || ' (copy)'));
  return v_id;
end
$$;

-- Gives a client the granted audio of one assignment: zero-price purchases, as admin_grant_audio does, for
-- what they do not own yet.
create function private.grant_assignment_audio(p_assignment_id uuid) returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.purchases (user_id, product_id, title, category, price)
  select a.user_id, pr.id, pr.title, pr.category, 0
  from public.client_assignments a
  join public.products pr on pr.id = a.product_id
    or pr.id in (select s.product_id from public.programme_steps s where s.programme_id = a.programme_id)
  where a.id = p_assignment_id and a.user_id is not null and a.access = 'granted'
  on conflict (user_id, product_id) do nothing;
end
$$;

-- Assigns a programme (copied for this client) or one audio, with a note, to the confirmed account with this
-- email, or keeps it for the email until that account exists. p_access: granted | offered. Logged. Returns
-- { assignment_id, has_account }; the caller then asks notify-assignment to email the client.
create function public.admin_assign_to_client(
  p_email text,
  p_programme_id uuid,
  p_product_id uuid,
  p_note text,
  p_access text
) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_actor uuid := public.require_admin();
  v_email text := lower(btrim(coalesce(p_email, '')));
  v_user uuid;
  v_programme uuid;
  v_title text;
  v_id uuid;
begin
  if v_email !~ '^[^@\s]+@[^@\s]+\.[^@\s]+$' or length(v_email) > 320 then
    raise exception 'Enter the client''s email address' using errcode = '22023';
  end if;
  if p_access not in ('granted', 'offered') or num_nonnulls(p_programme_id, p_product_id) <> 1 then
    raise exception 'Choose a programme or an audio, and whether it is included or offered'
      using errcode = '22023';
  end if;
  select u.id into v_user from auth.users u
  where lower(u.email) = v_email and u.email_confirmed_at is not null
  limit 1;

  if p_programme_id is not null then
    select p.title into v_title from public.programmes p where p.id = p_programme_id;
    if v_title is null then
      raise exception 'No such programme' using errcode = 'P0002';
    end if;
    insert into public.programmes (title, introduction, sequential_unlock, is_template)
    select p.title, p.introduction, p.sequential_unlock, false from public.programmes p where p.id = p_programme_id
    returning id into v_programme;
    insert into public.programme_steps (programme_id, position, product_id, day_number, note)
    select v_programme, s.position, s.product_id, s.day_number, s.note
    from public.programme_steps s where s.programme_id = p_programme_id;
  else
    select pr.title into v_title from public.products pr where pr.id = p_product_id;
    if v_title is null then
      raise exception 'No such audio' using errcode = 'P0002';
    end if;
  end if;

  insert into public.client_assignments (user_id, email, programme_id, product_id, note, access)
  values (v_user, v_email, v_programme, p_product_id, coalesce(p_note, ''), p_access)
  returning id into v_id;
  perform private.grant_assignment_audio(v_id);

  perform public.log_admin_activity(
    v_actor, 'assignment.create', 'assignment', v_id::text, v_title || ' to ' || v_email, null,
    jsonb_build_object('email', v_email, 'user_id', v_user, 'programme_id', v_programme,
                       'product_id', p_product_id, 'access', p_access, 'title', v_title)
  );
  return jsonb_build_object('assignment_id', v_id, 'has_account', v_user is not null);
end
$$;

-- Links assignments kept for an email once an account with that email is confirmed, and gives it the granted
-- audio. Security definer: it writes public tables from a trigger on auth.users.
create function private.link_assignments_to_account() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_id uuid;
begin
  if new.email is not null and new.email_confirmed_at is not null then
    for v_id in
      update public.client_assignments a set user_id = new.id
      where a.user_id is null and lower(a.email) = lower(new.email)
      returning a.id
    loop
      perform private.grant_assignment_audio(v_id);
    end loop;
  end if;
  return null;
end
$$;
create trigger client_assignments_link_account
  after insert or update of email, email_confirmed_at on auth.users
  for each row execute function private.link_assignments_to_account();

-- A client's copy of a programme goes with its assignment (the account's deletion cascades to assignments).
create function private.drop_assigned_programme() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if old.programme_id is not null then
    delete from public.programmes p
    where p.id = old.programme_id and not p.is_template
      and not exists (select 1 from public.client_assignments a where a.programme_id = old.programme_id);
  end if;
  return null;
end
$$;
create trigger client_assignments_drop_programme
  after delete on public.client_assignments
  for each row execute function private.drop_assigned_programme();

-- Keeps programme_progress from the player's saved positions, for audio assigned to that account only. The
-- player saves a finished track as 0 (docs/listening-positions.md), so a position going from >= 1 s back to 0
-- means it was listened to the end; so does reaching 90% of the catalogue's duration.
create function private.programme_progress_from_position() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_finished boolean;
  v_duration integer;
begin
  if not exists (
    select 1 from public.client_assignments a
    left join public.programme_steps s on s.programme_id = a.programme_id
    where a.user_id = new.user_id and (a.product_id = new.product_id or s.product_id = new.product_id)
  ) then
    return null;
  end if;
  select pr.duration_seconds into v_duration from public.products pr where pr.id = new.product_id;
  v_finished := (tg_op = 'UPDATE' and new.position_seconds = 0 and old.position_seconds >= 1)
    or (v_duration is not null and new.position_seconds >= v_duration * 0.9);
  insert into public.programme_progress as g (user_id, product_id, furthest_seconds, listened_at,
    last_listened_at)
  values (new.user_id, new.product_id,
    case when tg_op = 'UPDATE' and v_finished then greatest(new.position_seconds, old.position_seconds)
         else new.position_seconds end,
    case when v_finished then new.played_at end, new.played_at)
  on conflict (user_id, product_id) do update set
    furthest_seconds = greatest(g.furthest_seconds, excluded.furthest_seconds),
    listened_at = coalesce(g.listened_at, excluded.listened_at),
    last_listened_at = greatest(g.last_listened_at, excluded.last_listened_at);
  return null;
end
$$;
create trigger listening_positions_programme_progress
  after insert or update on public.listening_positions
  for each row execute function private.programme_progress_from_position();

revoke execute on function public.admin_save_programme(uuid, text, text, boolean, jsonb) from public, anon,
  service_role;
revoke execute on function public.admin_duplicate_programme(uuid) from public, anon, service_role;
revoke execute on function public.admin_assign_to_client(text, uuid, uuid, text, text) from public, anon,
  service_role;
grant execute on function public.admin_save_programme(uuid, text, text, boolean, jsonb) to authenticated;
grant execute on function public.admin_duplicate_programme(uuid) to authenticated;
grant execute on function public.admin_assign_to_client(text, uuid, uuid, text, text) to authenticated;
revoke execute on function private.grant_assignment_audio(uuid) from public, anon, authenticated, service_role;
revoke execute on function private.link_assignments_to_account() from public, anon, authenticated, service_role;
revoke execute on function private.drop_assigned_programme() from public, anon, authenticated, service_role;
revoke execute on function private.programme_progress_from_position() from public, anon, authenticated,
  service_role;
