-- Uploads checked by content (docs/security.md "Uploads"). A file uploaded for one client goes straight from the
-- browser to Storage; before it may be recorded (and so offered to the client), the check-audio-upload function
-- reads the stored object's bytes (an MP3's frames or an M4A's audio brand, and its length) and records here
-- what it found, or removes the object. admin_assign_private_audio and admin_add_private_audio accept only a
-- checked object, take its length from the check (never from the browser), and use the check up.

create table private.checked_uploads (
  bucket_id text not null,
  object_name text not null,
  duration_seconds integer not null check (duration_seconds > 0),
  checked_at timestamptz not null default now(),
  primary key (bucket_id, object_name)
);
comment on table private.checked_uploads is
  'Stored objects check-audio-upload found to be audio, with the length read from their bytes.';
revoke all on private.checked_uploads from public, anon, authenticated, service_role;
alter table private.checked_uploads enable row level security;

-- For check-audio-upload (service role), after it has read the object.
create function public.record_checked_upload(p_bucket text, p_name text, p_duration_seconds integer)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  if not exists (select 1 from storage.objects o where o.bucket_id = p_bucket and o.name = p_name) then
    raise exception 'No such object' using errcode = 'P0002';
  end if;
  insert into private.checked_uploads (bucket_id, object_name, duration_seconds)
  values (p_bucket, p_name, p_duration_seconds)
  on conflict (bucket_id, object_name) do update
    set duration_seconds = excluded.duration_seconds, checked_at = now();
end
$$;
revoke execute on function public.record_checked_upload(text, text, integer) from public, anon, authenticated;
grant execute on function public.record_checked_upload(text, text, integer) to service_role;

-- The checked length of a private upload, used up; refuses an object never checked.
create function private.take_checked_private_upload(p_object_path text) returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_seconds integer;
begin
  perform private.require_private_object_name(p_object_path);
  delete from private.checked_uploads c
  where c.bucket_id = 'private-audio' and c.object_name = p_object_path
    and exists (select 1 from storage.objects o where o.bucket_id = 'private-audio' and o.name = p_object_path)
  returning c.duration_seconds into v_seconds;
  if v_seconds is null then
    raise exception 'The uploaded file was not found or has not been checked' using errcode = 'P0002';
  end if;
  return v_seconds;
end
$$;
revoke execute on function private.take_checked_private_upload(text) from public, anon, authenticated, service_role;

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
  v_seconds integer;
  v_audio uuid;
begin
  select * into v_assignment from public.client_assignments a where a.id = p_assignment_id;
  if v_assignment.id is null then
    raise exception 'No such assignment' using errcode = 'P0002';
  end if;
  if length(v_title) not between 1 and 200 then
    raise exception 'Give the audio a title' using errcode = '22023';
  end if;
  -- p_duration_seconds (the browser's reading) is kept in the signature for the dashboard; the length stored
  -- is the one the server read from the stored bytes.
  v_seconds := private.take_checked_private_upload(p_object_path);
  insert into public.private_audio (user_id, email, title, duration_seconds, object_path)
  values (v_assignment.user_id, v_assignment.email, v_title, v_seconds, p_object_path)
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
  v_seconds integer;
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
  v_seconds := private.take_checked_private_upload(p_object_path);
  select u.id into v_user from auth.users u
  where lower(u.email) = v_email and u.email_confirmed_at is not null
  limit 1;

  insert into public.private_audio (user_id, email, title, duration_seconds, object_path)
  values (v_user, v_email, v_title, v_seconds, p_object_path)
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
