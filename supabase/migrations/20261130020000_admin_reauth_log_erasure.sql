-- Destructive admin actions, the activity log and erasure (docs/security.md "Destructive admin actions",
-- "Activity log and erasure").
--
-- * private.require_recent_sign_in(): the caller's last sign-in (the newest `amr` timestamp of their JWT: when
--   they authenticated, kept across refreshes) must be under 10 minutes old, or 'reauthentication_needed'
--   (P0001). Called by the admin functions that destroy or grant: grant or revoke an admin, grant an audio,
--   remove an assignment (and its private files). The dashboard asks for the password again and retries.
-- * The activity log records ids and actions only: no client email, no note, no title of private audio (health
--   data never goes into logs: docs/product-rules.md D26). The functions that log are replaced, and the rows
--   already written are scrubbed of the same.
-- * delete_account erases the client's log entries' pointers (their user id and email) in its own transaction;
--   the log's refusal of UPDATE/DELETE lets only that path through (a marker row only delete_account writes).
-- * private.storage_deletions: a durable queue of storage objects to remove. A private audio row that goes
--   (its assignment removed, the account deleted, anything) queues its file in the same transaction; uploads
--   never recorded are swept into it after a day. Edge functions (delete-account at once, reconcile-payments on
--   its schedule and from the admin's "Try again") remove the files and clear the rows; admins see the count.
-- * private.site_rebuild_requests: at most one site rebuild per 2 minutes, whoever asks and however many at
--   once (claim_site_rebuild, for the request-site-rebuild function).

-- Recent sign-in ------------------------------------------------------------------------------------------------

create function private.require_recent_sign_in() returns void
language plpgsql
stable
set search_path = ''
as $$
declare
  v_amr jsonb := auth.jwt() -> 'amr';
  v_signed_in_at double precision;
begin
  if jsonb_typeof(v_amr) = 'array' then
    select max((e ->> 'timestamp')::double precision) into v_signed_in_at
    from jsonb_array_elements(v_amr) e
    where jsonb_typeof(e -> 'timestamp') = 'number';
  end if;
  if v_signed_in_at is null or to_timestamp(v_signed_in_at) < now() - interval '10 minutes' then
    raise exception 'reauthentication_needed'
      using errcode = 'P0001', hint = 'Sign in again with your password to do this.';
  end if;
end
$$;
revoke execute on function private.require_recent_sign_in() from public, anon, authenticated, service_role;
-- Called by security definer functions (as their owner); never an API.

create or replace function public.admin_grant_admin(p_email text) returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_user uuid;
begin
  perform public.require_admin();
  perform private.require_recent_sign_in();
  if p_email is null or btrim(p_email) = '' then
    raise exception 'Enter the email of an existing account' using errcode = '22023';
  end if;
  select u.id into v_user from auth.users u where lower(u.email) = lower(btrim(p_email));
  if v_user is null then
    raise exception 'No account uses that email. Ask them to sign up first.' using errcode = 'P0002';
  end if;
  if exists (select 1 from public.user_roles r where r.user_id = v_user and r.role = 'admin'::public.app_role) then
    raise exception 'That account is already an admin' using errcode = 'P0001';
  end if;
  -- Logged by the user_roles trigger.
  insert into public.user_roles (user_id, role) values (v_user, 'admin'::public.app_role);
  return v_user;
end
$$;

create or replace function public.admin_revoke_admin(p_user_id uuid) returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform public.require_admin();
  perform private.require_recent_sign_in();
  if exists (select 1 from public.user_roles r where r.user_id = p_user_id and r.role = 'admin'::public.app_role)
     and not exists (select 1 from public.user_roles r
                     where r.role = 'admin'::public.app_role and r.user_id <> p_user_id) then
    raise exception 'The last admin cannot be removed. Make another account an admin first.'
      using errcode = '42501';
  end if;
  if p_user_id = auth.uid() then
    raise exception 'You cannot remove your own admin role. Ask another admin to do it.' using errcode = '42501';
  end if;
  delete from public.user_roles r where r.user_id = p_user_id and r.role = 'admin'::public.app_role;
  if not found then
    raise exception 'That account is not an admin' using errcode = 'P0002';
  end if;
end
$$;

-- Private files are named by a uuid only: a name a browser could take for a page (x.html, line breaks) is
-- refused before anything is recorded.
create function private.require_private_object_name(p_object_path text) returns void
language plpgsql
immutable
set search_path = ''
as $$
begin
  if p_object_path is null
     or p_object_path !~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(mp3|m4a)$' then
    raise exception 'The uploaded file has an unexpected name' using errcode = '22023';
  end if;
end
$$;
revoke execute on function private.require_private_object_name(text) from public, anon, authenticated, service_role;

-- The activity log without health data -----------------------------------------------------------------------

create or replace function public.admin_grant_audio(p_user_id uuid, p_product_id uuid) returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_actor uuid := public.require_admin();
  v_product public.products;
  v_id uuid;
begin
  perform private.require_recent_sign_in();
  if not exists (select 1 from auth.users u where u.id = p_user_id) then
    raise exception 'No such customer' using errcode = 'P0002';
  end if;
  select * into v_product from public.products p where p.id = p_product_id;
  if v_product.id is null then
    raise exception 'No such audio' using errcode = 'P0002';
  end if;
  if exists (select 1 from public.purchases p where p.user_id = p_user_id and p.product_id = p_product_id) then
    raise exception 'This customer already owns "%"', v_product.title using errcode = 'P0001';
  end if;
  insert into public.purchases (user_id, product_id, title, category, price)
  values (p_user_id, p_product_id, v_product.title, v_product.category, 0)
  returning id into v_id;
  -- Ids only: what a client listens to can reveal a condition.
  perform public.log_admin_activity(
    v_actor, 'purchase.grant', 'purchase', v_id::text, 'Audio granted', null,
    jsonb_build_object('user_id', p_user_id, 'product_id', p_product_id, 'price', 0)
  );
  return v_id;
end
$$;

create or replace function public.admin_add_private_audio(
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
  perform private.require_private_object_name(p_object_path);
  if not exists (
    select 1 from storage.objects o where o.bucket_id = 'private-audio' and o.name = p_object_path
  ) then
    raise exception 'The uploaded file was not found' using errcode = 'P0002';
  end if;
  insert into public.private_audio (user_id, email, title, duration_seconds, object_path)
  values (v_assignment.user_id, v_assignment.email, v_title, p_duration_seconds, p_object_path)
  returning id into v_audio;
  perform public.log_admin_activity(
    v_actor, 'private_audio.create', 'private_audio', v_audio::text, 'Private audio uploaded', null,
    jsonb_build_object('user_id', v_assignment.user_id, 'assignment_id', p_assignment_id)
  );
  return v_audio;
end
$$;

create or replace function public.admin_assign_private_audio(
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
  perform private.require_private_object_name(p_object_path);
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
    v_actor, 'assignment.create', 'assignment', v_id::text, 'Private audio assigned', null,
    jsonb_build_object('user_id', v_user, 'private_audio_id', v_audio, 'access', 'granted', 'uploaded', true)
  );
  return jsonb_build_object('assignment_id', v_id, 'private_audio_id', v_audio, 'has_account', v_user is not null);
end
$$;

create or replace function public.admin_assign_to_client(
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
    if not exists (select 1 from public.programmes p where p.id = p_programme_id) then
      raise exception 'No such programme' using errcode = 'P0002';
    end if;
    insert into public.programmes (title, introduction, sequential_unlock, is_template)
    select p.title, p.introduction, p.sequential_unlock, false from public.programmes p where p.id = p_programme_id
    returning id into v_programme;
    insert into public.programme_steps (programme_id, position, product_id, day_number, note)
    select v_programme, s.position, s.product_id, s.day_number, s.note
    from public.programme_steps s where s.programme_id = p_programme_id;
  elsif not exists (select 1 from public.products pr where pr.id = p_product_id) then
    raise exception 'No such audio' using errcode = 'P0002';
  end if;

  insert into public.client_assignments (user_id, email, programme_id, product_id, note, access)
  values (v_user, v_email, v_programme, p_product_id, coalesce(p_note, ''), p_access)
  returning id into v_id;
  perform private.grant_assignment_audio(v_id);

  perform public.log_admin_activity(
    v_actor, 'assignment.create', 'assignment', v_id::text,
    case when v_programme is not null then 'Programme assigned' else 'Audio assigned' end, null,
    jsonb_build_object('user_id', v_user, 'programme_id', v_programme, 'template_id', p_programme_id,
                       'product_id', p_product_id, 'access', p_access)
  );
  return jsonb_build_object('assignment_id', v_id, 'has_account', v_user is not null);
end
$$;

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
  end if;

  -- Whether the note changed, never what it said.
  perform public.log_admin_activity(
    v_actor, 'assignment.update', 'assignment', p_id::text, 'Assignment edited', null,
    jsonb_build_object('user_id', v_assignment.user_id,
                       'note_changed', v_assignment.note is distinct from coalesce(p_note, ''),
                       'steps', case when v_assignment.programme_id is null then null else jsonb_array_length(p_steps) end,
                       'sequential_unlock', p_sequential_unlock)
  );
end
$$;

create or replace function public.admin_remove_assignment(p_id uuid, p_keep_audio boolean) returns text[]
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_actor uuid := public.require_admin();
  v_assignment public.client_assignments;
  v_taken integer := 0;
  v_private uuid[];
  v_paths text[];
begin
  perform private.require_recent_sign_in();
  select * into v_assignment from public.client_assignments a where a.id = p_id;
  if v_assignment.id is null then
    raise exception 'No such assignment' using errcode = 'P0002';
  end if;
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
  -- The single assignment's own private audio went by its trigger; the steps' go here. Either way their files
  -- are queued for removal (private.queue_private_audio_file).
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
    v_actor, 'assignment.delete', 'assignment', p_id::text, 'Assignment removed',
    jsonb_build_object('user_id', v_assignment.user_id, 'access', v_assignment.access),
    jsonb_build_object('keep_audio', coalesce(p_keep_audio, false), 'audio_taken_back', v_taken,
                       'files_removed', coalesce(array_length(v_paths, 1), 0))
  );
  return v_paths;
end
$$;

-- Role changes: the account's id, never its email (the rest as 20261124010000_admin_packages.sql left it).
create or replace function public.log_admin_row_change() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_actor uuid := auth.uid();
  v_old jsonb := case when tg_op in ('UPDATE', 'DELETE') then to_jsonb(old) end;
  v_new jsonb := case when tg_op in ('INSERT', 'UPDATE') then to_jsonb(new) end;
  v_before jsonb := v_old;
  v_after jsonb := v_new;
  v_row jsonb := coalesce(v_new, v_old);
  v_entity text := case tg_table_name
    when 'products' then 'product'
    when 'packages' then 'package'
    when 'package_items' then 'package_item'
    when 'user_roles' then 'role'
    else tg_table_name end;
  v_entity_id text;
  v_summary text;
  v_key text;
begin
  if v_actor is null then
    return null;
  end if;
  if tg_op = 'UPDATE' then
    -- Only what changed (updated_at always does).
    v_before := '{}'::jsonb;
    v_after := '{}'::jsonb;
    for v_key in select jsonb_object_keys(v_new) loop
      if v_key <> 'updated_at' and (v_new -> v_key) is distinct from (v_old -> v_key) then
        v_before := v_before || jsonb_build_object(v_key, v_old -> v_key);
        v_after := v_after || jsonb_build_object(v_key, v_new -> v_key);
      end if;
    end loop;
    if v_after = '{}'::jsonb then
      return null;
    end if;
  end if;

  if tg_table_name = 'package_items' then
    v_entity_id := (v_row ->> 'package_id');
    v_summary := concat_ws(' in ',
      (select p.title from public.products p where p.id = (v_row ->> 'product_id')::uuid),
      (select p.title from public.packages p where p.id = (v_row ->> 'package_id')::uuid));
  elsif tg_table_name = 'user_roles' then
    v_entity_id := (v_row ->> 'user_id');
    v_summary := 'Role: ' || (v_row ->> 'role');
  else
    v_entity_id := (v_row ->> 'id');
    v_summary := (v_row ->> 'title');
  end if;

  perform public.log_admin_activity(
    v_actor,
    v_entity || '.' || case tg_op when 'INSERT' then 'create' when 'UPDATE' then 'update' else 'delete' end,
    v_entity,
    v_entity_id,
    coalesce(v_summary, ''),
    v_before,
    v_after
  );
  return null;
end
$$;

-- Erasure of log rows: only while delete_account runs ----------------------------------------------------------

-- A row here (keyed by the transaction) lets the append-only trigger pass UPDATE and DELETE. Only delete_account
-- (service role, security definer) writes it, and removes it before it commits; no API role can touch it.
create table private.activity_log_erasures (
  txid bigint primary key default txid_current(),
  user_id uuid not null
);
revoke all on private.activity_log_erasures from public, anon, authenticated, service_role;
alter table private.activity_log_erasures enable row level security;

create or replace function public.admin_activity_append_only() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op <> 'TRUNCATE'
     and exists (select 1 from private.activity_log_erasures e where e.txid = txid_current()) then
    return case when tg_op = 'DELETE' then old else new end;
  end if;
  raise exception 'The activity log is append-only: % is not allowed', lower(tg_op)
    using errcode = '42501';
end
$$;

-- Scrub the rows already written: no client emails, notes or private titles; ids stay.
insert into private.activity_log_erasures (user_id) values ('00000000-0000-0000-0000-000000000000');

update public.admin_activity a
set summary = case a.action
      when 'assignment.create' then 'Assignment created'
      when 'assignment.update' then 'Assignment edited'
      when 'assignment.delete' then 'Assignment removed'
      when 'private_audio.create' then 'Private audio uploaded'
      when 'purchase.grant' then 'Audio granted'
      else a.summary end,
    before = case when a.before is null then null else a.before - 'email' - 'note' - 'title' end,
    after = case when a.after is null then null
                 else a.after - 'email' - 'note' - 'title' end
where a.entity_type in ('assignment', 'private_audio', 'purchase');

update public.admin_activity a
set summary = 'Role: ' || coalesce(a.after ->> 'role', a.before ->> 'role', '')
where a.entity_type = 'role';

delete from private.activity_log_erasures;

-- The storage deletion queue --------------------------------------------------------------------------------

create table private.storage_deletions (
  id bigint generated always as identity primary key,
  bucket_id text not null,
  object_name text not null,
  queued_at timestamptz not null default now(),
  attempts integer not null default 0,
  last_attempt_at timestamptz,
  unique (bucket_id, object_name)
);
comment on table private.storage_deletions is
  'Storage objects to remove (a deleted client''s private audio, unrecorded uploads), until removed.';
revoke all on private.storage_deletions from public, anon, authenticated, service_role;
alter table private.storage_deletions enable row level security;

-- A private audio row that goes queues its file, unless another row still uses it. Same transaction.
create function private.queue_private_audio_file() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if not exists (select 1 from public.private_audio pa where pa.object_path = old.object_path) then
    insert into private.storage_deletions (bucket_id, object_name)
    values ('private-audio', old.object_path)
    on conflict (bucket_id, object_name) do nothing;
  end if;
  return null;
end
$$;
revoke execute on function private.queue_private_audio_file() from public, anon, authenticated, service_role;
create trigger private_audio_queue_file after delete on public.private_audio
  for each row execute function private.queue_private_audio_file();

-- The next files to remove, for the service role (edge functions). First sweeps in uploads never recorded
-- (an upload whose recording failed and whose removal failed too, or raced an account deletion): private
-- files older than a day that no row names. A row tried in the last minute is left to whoever is trying it.
create function public.storage_deletions_due(p_limit integer default 100)
returns table (id bigint, bucket_id text, object_name text)
language plpgsql
security definer
set search_path = ''
as $$
#variable_conflict use_column
begin
  insert into private.storage_deletions (bucket_id, object_name)
  select o.bucket_id, o.name from storage.objects o
  where o.bucket_id = 'private-audio'
    and o.created_at < now() - interval '1 day'
    and not exists (select 1 from public.private_audio pa where pa.object_path = o.name)
  on conflict on constraint storage_deletions_bucket_id_object_name_key do nothing;

  return query
  update private.storage_deletions d
  set attempts = d.attempts + 1, last_attempt_at = now()
  where d.id in (
    select q.id from private.storage_deletions q
    where q.last_attempt_at is null or q.last_attempt_at < now() - interval '1 minute'
    order by q.id
    limit least(greatest(coalesce(p_limit, 100), 1), 1000)
    for update skip locked
  )
  returning d.id, d.bucket_id, d.object_name;
end
$$;
revoke execute on function public.storage_deletions_due(integer) from public, anon, authenticated;
grant execute on function public.storage_deletions_due(integer) to service_role;

-- Clears the rows whose objects are gone (removed now, or already absent).
create function public.storage_deletions_done(p_ids bigint[]) returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_done integer;
begin
  delete from private.storage_deletions d
  where d.id = any(p_ids)
    and not exists (select 1 from storage.objects o where o.bucket_id = d.bucket_id and o.name = d.object_name);
  get diagnostics v_done = row_count;
  return v_done;
end
$$;
revoke execute on function public.storage_deletions_done(bigint[]) from public, anon, authenticated;
grant execute on function public.storage_deletions_done(bigint[]) to service_role;

-- What the admin sees: how many files still wait, and since when.
create function public.admin_pending_storage_deletions() returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform public.require_admin();
  return (
    select jsonb_build_object('count', count(*), 'oldest', min(d.queued_at))
    from private.storage_deletions d
  );
end
$$;
revoke execute on function public.admin_pending_storage_deletions() from public, anon, service_role;
grant execute on function public.admin_pending_storage_deletions() to authenticated;

-- Account deletion: everything of the client, the log included, in one transaction ---------------------------

create or replace function public.delete_account(p_user_id uuid) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_purchases integer;
  v_orders integer;
  v_roles integer;
  v_email text;
  v_log integer;
begin
  if p_user_id is null then
    raise exception 'delete_account: p_user_id is required' using errcode = '22023';
  end if;

  -- Two admins deleting themselves at once must not both pass the last-admin check: lock every admin row
  -- first, so the second sees the first one's deletion.
  perform 1 from public.user_roles r where r.role = 'admin'::public.app_role for update;

  select lower(u.email) into v_email from auth.users u where u.id = p_user_id;
  if not found then
    raise exception 'delete_account: no such account' using errcode = 'P0002';
  end if;

  if exists (
    select 1 from public.user_roles r where r.user_id = p_user_id and r.role = 'admin'::public.app_role
  ) and not exists (
    select 1 from public.user_roles r
    where r.role = 'admin'::public.app_role and r.user_id <> p_user_id
  ) then
    raise exception 'The last admin cannot delete their account.'
      using errcode = '55000', hint = 'Make another user an admin first.';
  end if;

  delete from public.purchases pu where pu.user_id = p_user_id;
  get diagnostics v_purchases = row_count;

  update public.orders o set user_id = null where o.user_id = p_user_id;
  get diagnostics v_orders = row_count;

  delete from public.user_roles r where r.user_id = p_user_id;
  get diagnostics v_roles = row_count;

  -- What is still waiting for this address (assigned or uploaded under the email and not yet linked) goes too;
  -- the rest goes with the user by cascade. Private files are queued by private_audio's trigger.
  delete from public.client_assignments a where a.user_id is null and lower(a.email) = v_email;
  delete from public.private_audio pa where pa.user_id is null and lower(pa.email) = v_email;
  delete from public.appointments ap where ap.user_id is null and lower(ap.invitee_email) = v_email;

  -- The log keeps what admins did, never who it was done to: the client's id and email leave every entry
  -- (and an admin's own, as actor).
  insert into private.activity_log_erasures (user_id) values (p_user_id);
  update public.admin_activity a
  set actor_id = case when a.actor_id = p_user_id then null else a.actor_id end,
      actor_email = case when a.actor_id = p_user_id or lower(a.actor_email) = v_email then null
                         else a.actor_email end,
      entity_id = case when a.entity_id = p_user_id::text then null else a.entity_id end,
      before = case when a.before is null then null else a.before - 'user_id' - 'email' end,
      after = case when a.after is null then null else a.after - 'user_id' - 'email' end
  where a.actor_id = p_user_id
     or a.entity_id = p_user_id::text
     or a.before ->> 'user_id' = p_user_id::text
     or a.after ->> 'user_id' = p_user_id::text
     or lower(a.before ->> 'email') = v_email
     or lower(a.after ->> 'email') = v_email;
  get diagnostics v_log = row_count;
  delete from private.activity_log_erasures e where e.txid = txid_current();

  delete from auth.users u where u.id = p_user_id;

  return jsonb_build_object(
    'purchases_deleted', v_purchases,
    'orders_anonymised', v_orders,
    'roles_deleted', v_roles,
    'log_entries_anonymised', v_log
  );
end
$$;

-- Site rebuilds: at most one per 2 minutes ----------------------------------------------------------------------

create table private.site_rebuild_requests (
  id boolean primary key default true check (id),
  last_requested_at timestamptz not null
);
revoke all on private.site_rebuild_requests from public, anon, authenticated, service_role;
alter table private.site_rebuild_requests enable row level security;

-- { allowed: true } claims the rebuild (the caller then calls the hook); otherwise { allowed: false,
-- retry_after_seconds }. The row is locked, so requests at the same moment claim at most one build.
create function public.claim_site_rebuild() returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_interval constant interval := interval '2 minutes';
  v_last timestamptz;
begin
  insert into private.site_rebuild_requests (id, last_requested_at) values (true, '-infinity')
  on conflict (id) do nothing;
  select r.last_requested_at into v_last from private.site_rebuild_requests r where r.id for update;
  if v_last > now() - v_interval then
    return jsonb_build_object(
      'allowed', false,
      'retry_after_seconds', ceil(extract(epoch from (v_last + v_interval - now())))::integer
    );
  end if;
  update private.site_rebuild_requests r set last_requested_at = now() where r.id;
  return jsonb_build_object('allowed', true);
end
$$;
revoke execute on function public.claim_site_rebuild() from public, anon, authenticated;
grant execute on function public.claim_site_rebuild() to service_role;
