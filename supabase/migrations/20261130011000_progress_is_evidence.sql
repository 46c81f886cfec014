-- Progress is evidence, not a claim (docs/security.md "Programme progress"). A client could open a programme's
-- later steps, and show the practitioner "listened", by writing one listening_positions row at 90% of step 1.
-- Now a position counts toward progress only as far as real time allows since the listener's current run of
-- audio links for that audio began (audio-url records each link it issues; links are refreshed every few
-- minutes while playing, so a gap of over 15 minutes starts a new run), at the player's fastest speed (2x)
-- plus 10 seconds for clocks and buffering. A listen the server cannot believe leaves the step locked and the
-- practitioner's view says nothing of it.

create table private.audio_link_runs (
  user_id uuid not null references auth.users (id) on delete cascade,
  -- A catalogue product's id or a private audio's id (positions use the same ids).
  audio_id uuid not null,
  run_started_at timestamptz not null,
  last_issued_at timestamptz not null,
  primary key (user_id, audio_id)
);
revoke all on private.audio_link_runs from public, anon, authenticated, service_role;

-- Called by audio-url (service role) each time it issues a link to a listener.
create function public.record_audio_link(p_user_id uuid, p_audio_id uuid) returns void
language sql
security definer
set search_path = ''
as $$
  insert into private.audio_link_runs as r (user_id, audio_id, run_started_at, last_issued_at)
  values (p_user_id, p_audio_id, now(), now())
  on conflict (user_id, audio_id) do update set
    run_started_at = case when r.last_issued_at < now() - interval '15 minutes' then now() else r.run_started_at end,
    last_issued_at = now();
$$;
comment on function public.record_audio_link(uuid, uuid) is
  'Records that audio-url issued a link (progress counts only as far as real time since the run began).';
revoke execute on function public.record_audio_link(uuid, uuid) from public, anon, authenticated;
grant execute on function public.record_audio_link(uuid, uuid) to service_role;

-- How far into the audio the listener can credibly be now: 2x real time since the run began, plus 10 s.
create function private.credible_seconds(p_user_id uuid, p_audio_id uuid) returns integer
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(
    (select floor(extract(epoch from now() - r.run_started_at) * 2)::integer + 10
     from private.audio_link_runs r where r.user_id = p_user_id and r.audio_id = p_audio_id),
    0
  )
$$;
revoke execute on function private.credible_seconds(uuid, uuid) from public, anon, authenticated, service_role;

create or replace function private.programme_progress_from_position() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_finished boolean;
  v_duration integer;
  v_credible integer;
  v_reached integer;
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
  v_credible := private.credible_seconds(new.user_id, new.product_id);
  -- A finished track is saved as 0 (docs/listening-positions.md): it reached the end only if the end, or the
  -- furthest position before it, was credible.
  v_reached := case
    when tg_op = 'UPDATE' and new.position_seconds = 0 and old.position_seconds >= 1
      then least(greatest(coalesce(v_duration, 0), old.position_seconds), v_credible)
    else least(new.position_seconds, v_credible)
  end;
  v_finished := (v_duration is not null and v_reached >= v_duration * 0.9)
    or (v_duration is null and tg_op = 'UPDATE' and new.position_seconds = 0 and old.position_seconds >= 1
        and v_credible >= old.position_seconds);
  insert into public.programme_progress as g (user_id, product_id, furthest_seconds, listened_at,
    last_listened_at)
  values (new.user_id, new.product_id, v_reached, case when v_finished then new.played_at end, new.played_at)
  on conflict (user_id, product_id) do update set
    furthest_seconds = greatest(g.furthest_seconds, excluded.furthest_seconds),
    listened_at = coalesce(g.listened_at, excluded.listened_at),
    last_listened_at = greatest(g.last_listened_at, excluded.last_listened_at);
  return null;
end
$$;
