-- A privately uploaded audio as a step of a client's copy of a programme (docs/programmes.md "Private audio as
-- a step"). Templates have no client, so their steps stay catalogue audio.
--
-- * programme_steps.private_audio_id: a step is a catalogue audio or a private audio (exactly one). Only
--   admin_edit_assignment writes one, and only a private audio of that assignment's client.
-- * admin_add_private_audio(assignment, title, duration, object): records an uploaded file for the client of an
--   assignment without assigning it on its own, so the step editor can use it.
-- * The unlock rule (assignment_audio_locked, can_stream_audio, my_locked_audio) and progress take a step's
--   private audio as they take its catalogue audio: the audio's id is the key either way.
-- * Removing an assignment removes the private audio it used unless another assignment of the client uses it;
--   admin_remove_assignment now returns the object names whose rows went, for the admin's screen to delete.

alter table public.programme_steps alter column product_id drop not null;
alter table public.programme_steps
  add column private_audio_id uuid references public.private_audio (id) on delete cascade;
alter table public.programme_steps add constraint programme_steps_one_audio
  check (num_nonnulls(product_id, private_audio_id) = 1);
create index programme_steps_private_audio_id_idx on public.programme_steps (private_audio_id);
comment on column public.programme_steps.private_audio_id is
  'Audio uploaded privately for the client of this copy (never in a template).';

-- Whether a private audio belongs to an assignment's client (their account, or their email until it has one).
create function private.private_audio_is_for(p_private_audio_id uuid, p_assignment_id uuid) returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.private_audio pa, public.client_assignments a
    where pa.id = p_private_audio_id and a.id = p_assignment_id
      and (pa.user_id = a.user_id or (pa.user_id is null and a.user_id is null and lower(pa.email) = lower(a.email)))
  )
$$;
revoke execute on function private.private_audio_is_for(uuid, uuid) from public, anon, authenticated, service_role;

-- Records a stored upload for the client of an assignment (not assigned on its own: a step will use it).
create function public.admin_add_private_audio(
  p_assignment_id uuid,
  p_title text,
  p_duration_seconds integer,
  p_object_path text
) returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_actor uuid := public.require_admin();
  v_assignment public.client_assignments;
  v_title text := btrim(coalesce(p_title, ''));
  v_audio uuid;
begin
  select * into v_assignment from public.client_assignments a where a.id = p_assignment_id;
  if v_assignment.id is null then
    raise exception 'No such assignment' using errcode = 'P0002';
  end if;
  if length(v_title) not between 1 and 200 then
    raise exception 'Give the audio a title' using errcode = '22023';
  end if;
  if not exists (
    select 1 from storage.objects o where o.bucket_id = 'private-audio' and o.name = p_object_path
  ) then
    raise exception 'The uploaded file was not found' using errcode = 'P0002';
  end if;
  insert into public.private_audio (user_id, email, title, duration_seconds, object_path)
  values (v_assignment.user_id, v_assignment.email, v_title, p_duration_seconds, p_object_path)
  returning id into v_audio;
  perform public.log_admin_activity(
    v_actor, 'private_audio.create', 'private_audio', v_audio::text, v_title || ' for ' || v_assignment.email,
    null, jsonb_build_object('email', v_assignment.email, 'user_id', v_assignment.user_id,
                             'assignment_id', p_assignment_id, 'title', v_title)
  );
  return v_audio;
end
$$;
revoke execute on function public.admin_add_private_audio(uuid, text, integer, text) from public, anon, service_role;
grant execute on function public.admin_add_private_audio(uuid, text, integer, text) to authenticated;

-- As in 20261128500000, a step's audio being its catalogue audio or its private audio.
create or replace function private.assignment_audio_locked(p_assignment_id uuid, p_product_id uuid, p_now timestamptz)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  with a as (
    select ca.user_id, ca.assigned_at, p.id as programme_id
    from public.client_assignments ca
    join public.programmes p on p.id = ca.programme_id and p.sequential_unlock
    where ca.id = p_assignment_id
  ),
  steps as (
    select coalesce(s.product_id, s.private_audio_id) as audio_id, s.day_number,
      row_number() over (order by s.position) as n,
      lag(coalesce(s.product_id, s.private_audio_id)) over (order by s.position) as previous_audio
    from public.programme_steps s join a on s.programme_id = a.programme_id
  )
  select exists (select 1 from steps where steps.audio_id = p_product_id)
    and not exists (
      select 1 from steps, a
      where steps.audio_id = p_product_id
        and (
          steps.n = 1
          or steps.day_number <= public.london_day(p_now) - public.london_day(a.assigned_at) + 1
          or exists (
            select 1 from public.programme_progress g
            where g.user_id = a.user_id and g.product_id = steps.previous_audio and g.listened_at is not null
          )
        )
    )
$$;

-- As in 20261128500000, and a private audio of the account: streamable when it is assigned on its own, is in
-- no programme of theirs, or in one whose step with it is open (the same rule as a catalogue step).
create or replace function public.can_stream_audio(p_user_id uuid, p_product_id uuid) returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.purchases pu
    where pu.user_id = p_user_id and pu.product_id = p_product_id
      and not exists (
        select 1 from private.assignment_purchases ap
        where ap.purchase_id = pu.id and private.assignment_audio_locked(ap.assignment_id, p_product_id, now())
      )
  )
  or exists (
    select 1 from public.private_audio pa
    where pa.id = p_product_id and pa.user_id = p_user_id
      and (
        exists (select 1 from public.client_assignments a where a.private_audio_id = pa.id)
        or not exists (
          select 1 from public.client_assignments a
          join public.programme_steps s on s.programme_id = a.programme_id
          where a.user_id = p_user_id and s.private_audio_id = pa.id
        )
        or exists (
          select 1 from public.client_assignments a
          join public.programme_steps s on s.programme_id = a.programme_id
          where a.user_id = p_user_id and s.private_audio_id = pa.id
            and not private.assignment_audio_locked(a.id, pa.id, now())
        )
      )
  )
$$;

-- As in 20261128500000, with the caller's private audio held back by a locked step.
create or replace function public.my_locked_audio() returns uuid[]
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(array_agg(held.id), '{}') from (
    select pu.product_id as id from public.purchases pu
    where pu.user_id = (select auth.uid()) and pu.product_id is not null
      and not public.can_stream_audio(pu.user_id, pu.product_id)
    union
    select pa.id from public.private_audio pa
    where pa.user_id = (select auth.uid()) and not public.can_stream_audio(pa.user_id, pa.id)
  ) held
$$;

-- As in 20261129200000, a step's private audio counting as assigned.
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
      and (a.product_id = new.product_id or s.product_id = new.product_id or a.private_audio_id = new.product_id
           or s.private_audio_id = new.product_id)
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

-- As in 20261129200000: a single assignment's private audio goes with it, unless a step still uses it.
create or replace function private.drop_assigned_private_audio() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if old.private_audio_id is not null then
    delete from public.private_audio pa
    where pa.id = old.private_audio_id
      and not exists (select 1 from public.client_assignments a where a.private_audio_id = old.private_audio_id)
      and not exists (select 1 from public.programme_steps s where s.private_audio_id = old.private_audio_id);
  end if;
  return null;
end
$$;

-- A duplicate is a template, and a template has no client: a copy's private steps are left out.
create or replace function public.admin_duplicate_programme(p_id uuid) returns uuid
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
  select v_id, row_number() over (order by s.position), s.product_id, s.day_number, s.note
  from public.programme_steps s where s.programme_id = p_id and s.product_id is not null;
  perform public.log_admin_activity(v_actor, 'programme.duplicate', 'programme', v_id::text,
    v_source.title, jsonb_build_object('from', p_id), jsonb_build_object('title', v_source.title || ' (copy)'));
  return v_id;
end
$$;

-- As in 20261129200000, returning the object names of the private audio that went with the assignment (its
-- own, and its steps' unless another assignment of the client uses them), for the admin's screen to delete.
drop function public.admin_remove_assignment(uuid, boolean);
create function public.admin_remove_assignment(p_id uuid, p_keep_audio boolean) returns text[]
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_actor uuid := public.require_admin();
  v_assignment public.client_assignments;
  v_title text;
  v_taken integer := 0;
  v_private uuid[];
  v_paths text[];
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
  select coalesce(array_agg(distinct x.id), '{}') into v_private from (
    select v_assignment.private_audio_id as id where v_assignment.private_audio_id is not null
    union
    select s.private_audio_id from public.programme_steps s
    where s.programme_id = v_assignment.programme_id and s.private_audio_id is not null
  ) x;
  select coalesce(array_agg(pa.object_path), '{}') into v_paths
  from public.private_audio pa where pa.id = any(v_private);

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
  -- The single assignment's own private audio went by its trigger; the steps' go here.
  delete from public.private_audio pa
  where pa.id = any(v_private)
    and not exists (select 1 from public.client_assignments a where a.private_audio_id = pa.id)
    and not exists (select 1 from public.programme_steps s where s.private_audio_id = pa.id);
  select coalesce(array_agg(p.path), '{}') into v_paths from unnest(v_paths) as p(path)
  where not exists (select 1 from public.private_audio pa where pa.object_path = p.path);

  if v_assignment.user_id is not null then
    delete from public.programme_progress g
    where g.user_id = v_assignment.user_id
      and not exists (
        select 1 from public.client_assignments a
        left join public.programme_steps s on s.programme_id = a.programme_id
        where a.user_id = g.user_id
          and (a.product_id = g.product_id or s.product_id = g.product_id or a.private_audio_id = g.product_id
               or s.private_audio_id = g.product_id)
      );
  end if;

  perform public.log_admin_activity(
    v_actor, 'assignment.delete', 'assignment', p_id::text, v_title || ' from ' || v_assignment.email,
    jsonb_build_object('email', v_assignment.email, 'user_id', v_assignment.user_id,
                       'access', v_assignment.access, 'title', v_title),
    jsonb_build_object('keep_audio', coalesce(p_keep_audio, false), 'audio_taken_back', v_taken)
  );
  return v_paths;
end
$$;
revoke execute on function public.admin_remove_assignment(uuid, boolean) from public, anon, service_role;
grant execute on function public.admin_remove_assignment(uuid, boolean) to authenticated;

-- As in 20261129200000, a step naming { product_id } or { private_audio_id }: a private audio of this
-- assignment's client only.
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
  v_private uuid;
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
      v_private := (v_step ->> 'private_audio_id')::uuid;
      if v_private is not null and not private.private_audio_is_for(v_private, p_id) then
        raise exception 'That audio was uploaded for another client' using errcode = '22023';
      end if;
      insert into public.programme_steps (programme_id, position, product_id, private_audio_id, day_number, note)
      values (v_assignment.programme_id, v_position, (v_step ->> 'product_id')::uuid, v_private,
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
