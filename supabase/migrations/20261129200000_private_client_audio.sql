-- Audio the practitioner uploads privately for one client (docs/programmes.md "Private audio for one client").
-- Health data (docs/product-rules.md D26): only that client and admins read the row; nobody but admins touches
-- the file, and the client's player gets short-lived links from the audio-url function (docs/audio-links.md).
--
-- * storage bucket 'private-audio': objects named '<uuid>.<mp3|m4a>' (never a title). Admins upload, read and
--   delete; no customer and no anonymous caller reads an object (the service role signs links).
-- * public.private_audio: title, duration (read from the file), object name, owner: the client's account or,
--   until they have one, their email (linked when that account is confirmed, as assignments are).
-- * client_assignments.private_audio_id: an assignment is a programme, a catalogue audio or a private audio.
--   Removing the assignment removes the private audio (the admin's screen then removes the file).
-- * A track's id in the player is a catalogue product id or a private audio id (both uuids): listening
--   positions, listening sessions and programme progress take either, for audio the listener may play.

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('private-audio', 'private-audio', false, 209715200, array['audio/mpeg', 'audio/mp4'])
on conflict (id) do nothing;

create policy "Admins read private client audio"
  on storage.objects for select to authenticated
  using (bucket_id = 'private-audio' and (select public.is_admin()));
create policy "Admins upload private client audio"
  on storage.objects for insert to authenticated
  with check (bucket_id = 'private-audio' and (select public.is_admin()));
create policy "Admins delete private client audio"
  on storage.objects for delete to authenticated
  using (bucket_id = 'private-audio' and (select public.is_admin()));

create table public.private_audio (
  id uuid primary key default gen_random_uuid(),
  user_id uuid references auth.users (id) on delete cascade,
  email text not null check (email ~ '^[^@\s]+@[^@\s]+$' and length(email) <= 320),
  title text not null check (length(btrim(title)) between 1 and 200),
  duration_seconds integer check (duration_seconds between 1 and 86400),
  object_path text not null unique check (object_path ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(mp3|m4a)$'),
  created_at timestamptz not null default now()
);
comment on table public.private_audio is
  'Audio uploaded privately for one client (an account, or an email until it has one). Admin functions write.';
create index private_audio_user_id_idx on public.private_audio (user_id);
create index private_audio_unlinked_email_idx on public.private_audio (lower(email)) where user_id is null;

alter table public.private_audio enable row level security;
alter table public.private_audio force row level security;

-- Least privilege, explicitly: reads under RLS for authenticated; writes only through the admin function below
-- and the assignment's removal; the service role reads (audio-url signs, delete-account removes the files).
revoke all on public.private_audio from public, anon, authenticated, service_role;
grant select on public.private_audio to authenticated;
grant select on public.private_audio to service_role;

create policy "Admins read every private audio"
  on public.private_audio for select to authenticated
  using ((select public.is_admin()));
create policy "Clients read their own private audio"
  on public.private_audio for select to authenticated
  using (user_id = (select auth.uid()));

alter table public.client_assignments
  add column private_audio_id uuid references public.private_audio (id) on delete cascade;
alter table public.client_assignments drop constraint client_assignments_check;
alter table public.client_assignments add constraint client_assignments_one_audio_or_programme
  check (num_nonnulls(programme_id, product_id, private_audio_id) = 1);
create index client_assignments_private_audio_id_idx on public.client_assignments (private_audio_id);

-- Positions, sessions and progress name a catalogue product or a private audio: the foreign keys to products
-- go, and triggers remove the rows of a deleted product or private audio instead.
alter table public.listening_positions drop constraint listening_positions_product_id_fkey;
alter table public.listening_sessions drop constraint listening_sessions_product_id_fkey;
alter table public.programme_progress drop constraint programme_progress_product_id_fkey;
comment on column public.listening_positions.product_id is 'The audio: a catalogue product or a private audio.';
comment on column public.listening_sessions.product_id is 'The audio: a catalogue product or a private audio.';
comment on column public.programme_progress.product_id is 'The audio: a catalogue product or a private audio.';

create function private.forget_listening_of_audio() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  delete from public.listening_positions lp where lp.product_id = old.id;
  delete from public.listening_sessions ls where ls.product_id = old.id;
  delete from public.programme_progress g where g.product_id = old.id;
  return null;
end
$$;
revoke execute on function private.forget_listening_of_audio() from public, anon, authenticated, service_role;
create trigger products_forget_listening after delete on public.products
  for each row execute function private.forget_listening_of_audio();
create trigger private_audio_forget_listening after delete on public.private_audio
  for each row execute function private.forget_listening_of_audio();

drop policy "Listeners save positions of audio they own" on public.listening_positions;
create policy "Listeners save positions of audio they own"
  on public.listening_positions for insert to authenticated
  with check (
    user_id = (select auth.uid())
    and (
      exists (
        select 1 from public.purchases pu
        where pu.product_id = listening_positions.product_id and pu.user_id = (select auth.uid())
      )
      or exists (
        select 1 from public.private_audio pa
        where pa.id = listening_positions.product_id and pa.user_id = (select auth.uid())
      )
    )
  );
drop policy "Listeners update their own positions" on public.listening_positions;
create policy "Listeners update their own positions"
  on public.listening_positions for update to authenticated
  using (user_id = (select auth.uid()))
  with check (
    user_id = (select auth.uid())
    and (
      exists (
        select 1 from public.purchases pu
        where pu.product_id = listening_positions.product_id and pu.user_id = (select auth.uid())
      )
      or exists (
        select 1 from public.private_audio pa
        where pa.id = listening_positions.product_id and pa.user_id = (select auth.uid())
      )
    )
  );
drop policy "Listeners record sessions of audio they own" on public.listening_sessions;
create policy "Listeners record sessions of audio they own"
  on public.listening_sessions for insert to authenticated
  with check (
    user_id = (select auth.uid())
    and (
      exists (
        select 1 from public.purchases pu
        where pu.product_id = listening_sessions.product_id and pu.user_id = (select auth.uid())
      )
      or exists (
        select 1 from public.private_audio pa
        where pa.id = listening_sessions.product_id and pa.user_id = (select auth.uid())
      )
    )
  );

-- Progress is kept for assigned private audio too; its duration is the private audio's.
create or replace function private.programme_progress_from_position() returns trigger
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
    where a.user_id = new.user_id
      and (a.product_id = new.product_id or s.product_id = new.product_id or a.private_audio_id = new.product_id)
  ) then
    return null;
  end if;
  select coalesce(
    (select pr.duration_seconds from public.products pr where pr.id = new.product_id),
    (select pa.duration_seconds from public.private_audio pa where pa.id = new.product_id)
  ) into v_duration;
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

-- Uploads are stored first (the admin's screen names the object); this records the audio for the client with
-- that email (their confirmed account, or the email until it exists) and assigns it with a note. Logged.
-- Returns { assignment_id, private_audio_id, has_account }, as admin_assign_to_client does.
create function public.admin_assign_private_audio(
  p_email text,
  p_title text,
  p_duration_seconds integer,
  p_object_path text,
  p_note text
) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_actor uuid := public.require_admin();
  v_email text := lower(btrim(coalesce(p_email, '')));
  v_title text := btrim(coalesce(p_title, ''));
  v_user uuid;
  v_audio uuid;
  v_id uuid;
begin
  if v_email !~ '^[^@\s]+@[^@\s]+\.[^@\s]+$' or length(v_email) > 320 then
    raise exception 'Enter the client''s email address' using errcode = '22023';
  end if;
  if length(v_title) not between 1 and 200 then
    raise exception 'Give the audio a title' using errcode = '22023';
  end if;
  if not exists (
    select 1 from storage.objects o where o.bucket_id = 'private-audio' and o.name = p_object_path
  ) then
    raise exception 'The uploaded file was not found' using errcode = 'P0002';
  end if;
  select u.id into v_user from auth.users u
  where lower(u.email) = v_email and u.email_confirmed_at is not null
  limit 1;

  insert into public.private_audio (user_id, email, title, duration_seconds, object_path)
  values (v_user, v_email, v_title, p_duration_seconds, p_object_path)
  returning id into v_audio;
  insert into public.client_assignments (user_id, email, private_audio_id, note, access)
  values (v_user, v_email, v_audio, coalesce(p_note, ''), 'granted')
  returning id into v_id;

  perform public.log_admin_activity(
    v_actor, 'assignment.create', 'assignment', v_id::text, v_title || ' to ' || v_email, null,
    jsonb_build_object('email', v_email, 'user_id', v_user, 'private_audio_id', v_audio, 'access', 'granted',
                       'title', v_title, 'uploaded', true)
  );
  return jsonb_build_object('assignment_id', v_id, 'private_audio_id', v_audio, 'has_account', v_user is not null);
end
$$;
revoke execute on function public.admin_assign_private_audio(text, text, integer, text, text)
  from public, anon, service_role;
grant execute on function public.admin_assign_private_audio(text, text, integer, text, text) to authenticated;

-- Private audio kept for an email is the account's once it is confirmed (as link_assignments_to_account).
create function private.link_private_audio_to_account() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.email is not null and new.email_confirmed_at is not null then
    update public.private_audio pa set user_id = new.id
    where pa.user_id is null and lower(pa.email) = lower(new.email);
  end if;
  return null;
end
$$;
revoke execute on function private.link_private_audio_to_account() from public, anon, authenticated, service_role;
create trigger private_audio_link_account
  after insert or update of email, email_confirmed_at on auth.users
  for each row execute function private.link_private_audio_to_account();

-- The private audio goes with its assignment (the file is removed by the admin's screen, or by delete-account).
create function private.drop_assigned_private_audio() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if old.private_audio_id is not null then
    delete from public.private_audio pa
    where pa.id = old.private_audio_id
      and not exists (select 1 from public.client_assignments a where a.private_audio_id = old.private_audio_id);
  end if;
  return null;
end
$$;
revoke execute on function private.drop_assigned_private_audio() from public, anon, authenticated, service_role;
create trigger client_assignments_drop_private_audio
  after delete on public.client_assignments
  for each row execute function private.drop_assigned_private_audio();

-- admin_remove_assignment as in 20261128500000, with the private audio's title for the log and its progress
-- removed with it.
create or replace function public.admin_remove_assignment(p_id uuid, p_keep_audio boolean) returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_actor uuid := public.require_admin();
  v_assignment public.client_assignments;
  v_title text;
  v_taken integer := 0;
begin
  select * into v_assignment from public.client_assignments a where a.id = p_id;
  if v_assignment.id is null then
    raise exception 'No such assignment' using errcode = 'P0002';
  end if;
  select coalesce(p.title, pr.title, pa.title) into v_title
  from public.client_assignments a
  left join public.programmes p on p.id = a.programme_id
  left join public.products pr on pr.id = a.product_id
  left join public.private_audio pa on pa.id = a.private_audio_id
  where a.id = p_id;

  if coalesce(p_keep_audio, false) then
    delete from private.assignment_purchases ap where ap.assignment_id = p_id;
  else
    -- Another granted assignment of the same audio takes it over.
    update private.assignment_purchases ap set assignment_id = other.id
    from public.purchases pu, lateral (
      select a.id from public.client_assignments a
      left join public.programme_steps s on s.programme_id = a.programme_id
      where a.user_id = pu.user_id and a.id <> p_id and a.access = 'granted'
        and (a.product_id = pu.product_id or s.product_id = pu.product_id)
      order by a.assigned_at
      limit 1
    ) other
    where ap.assignment_id = p_id and pu.id = ap.purchase_id;
    delete from public.purchases pu
    using private.assignment_purchases ap
    where ap.assignment_id = p_id and pu.id = ap.purchase_id;
    get diagnostics v_taken = row_count;
  end if;

  delete from public.client_assignments a where a.id = p_id;
  if v_assignment.user_id is not null then
    delete from public.programme_progress g
    where g.user_id = v_assignment.user_id
      and not exists (
        select 1 from public.client_assignments a
        left join public.programme_steps s on s.programme_id = a.programme_id
        where a.user_id = g.user_id
          and (a.product_id = g.product_id or s.product_id = g.product_id or a.private_audio_id = g.product_id)
      );
  end if;

  perform public.log_admin_activity(
    v_actor, 'assignment.delete', 'assignment', p_id::text, v_title || ' from ' || v_assignment.email,
    jsonb_build_object('email', v_assignment.email, 'user_id', v_assignment.user_id,
                       'access', v_assignment.access, 'title', v_title),
    jsonb_build_object('keep_audio', coalesce(p_keep_audio, false), 'audio_taken_back', v_taken)
  );
end
$$;

-- admin_edit_assignment as in 20261128500000, with the private audio's title for the log when its note is edited.
create or replace function public.admin_edit_assignment(
  p_id uuid,
  p_note text,
  p_title text,
  p_introduction text,
  p_sequential_unlock boolean,
  p_steps jsonb
) returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_actor uuid := public.require_admin();
  v_assignment public.client_assignments;
  v_title text;
  v_step jsonb;
  v_position integer := 0;
begin
  select * into v_assignment from public.client_assignments a where a.id = p_id;
  if v_assignment.id is null then
    raise exception 'No such assignment' using errcode = 'P0002';
  end if;
  update public.client_assignments a set note = coalesce(p_note, '') where a.id = p_id;

  if v_assignment.programme_id is not null then
    if p_steps is null or jsonb_typeof(p_steps) <> 'array' or jsonb_array_length(p_steps) = 0 then
      raise exception 'A programme needs at least one step' using errcode = '22023';
    end if;
    update public.programmes p
    set title = btrim(p_title), introduction = coalesce(p_introduction, ''),
        sequential_unlock = coalesce(p_sequential_unlock, false)
    where p.id = v_assignment.programme_id and not p.is_template
    returning p.title into v_title;
    if v_title is null then
      raise exception 'No such programme' using errcode = 'P0002';
    end if;
    delete from public.programme_steps s where s.programme_id = v_assignment.programme_id;
    for v_step in select value from jsonb_array_elements(p_steps) loop
      v_position := v_position + 1;
      insert into public.programme_steps (programme_id, position, product_id, day_number, note)
      values (v_assignment.programme_id, v_position, (v_step ->> 'product_id')::uuid,
              (v_step ->> 'day_number')::integer, coalesce(v_step ->> 'note', ''));
    end loop;
    perform private.grant_assignment_audio(p_id);
  else
    select coalesce(
      (select pr.title from public.products pr where pr.id = v_assignment.product_id),
      (select pa.title from public.private_audio pa where pa.id = v_assignment.private_audio_id)
    ) into v_title;
  end if;

  perform public.log_admin_activity(
    v_actor, 'assignment.update', 'assignment', p_id::text, v_title || ' for ' || v_assignment.email,
    jsonb_build_object('note', v_assignment.note),
    jsonb_build_object('note', coalesce(p_note, ''), 'steps', case when v_assignment.programme_id is null
      then null else jsonb_array_length(p_steps) end, 'sequential_unlock', p_sequential_unlock)
  );
end
$$;
