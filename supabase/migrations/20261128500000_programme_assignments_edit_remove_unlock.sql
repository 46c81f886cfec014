-- The practitioner's programmes, continued (docs/programmes.md "Removing and editing", "Unlock"):
--
-- * private.assignment_purchases: which zero-price purchase an assignment gave (grant_assignment_audio), so that
--   removing the assignment can take back exactly that, and so that a programme's locked step holds back only
--   the audio the client owns through that programme (a purchase they paid for, or had before, is never held).
-- * public.admin_remove_assignment(id, keep_audio): removes an assignment (the client's copy goes with it), takes
--   back the audio it gave unless the practitioner keeps it for the client, and logs it.
-- * public.admin_edit_assignment(id, note, title, introduction, sequential_unlock, steps): edits one client's copy (and
--   the assignment's note) without touching the template; new steps' audio is given if the assignment is
--   granted. Logged.
-- * public.can_stream_audio(user, product): the ownership rule the audio-url function mints links by: owned, and
--   not held back by a locked step. public.my_locked_audio(): the caller's held-back audio, for My Account.

create table private.assignment_purchases (
  purchase_id uuid primary key references public.purchases (id) on delete cascade,
  assignment_id uuid not null references public.client_assignments (id) on delete cascade
);
comment on table private.assignment_purchases is
  'The zero-price purchase each granted assignment gave. Written and read by the programme functions only.';
create index assignment_purchases_assignment_id_idx on private.assignment_purchases (assignment_id);
-- Nobody reads or writes this through the API: only the security definer functions below.
alter table private.assignment_purchases enable row level security;
alter table private.assignment_purchases force row level security;
revoke all on private.assignment_purchases from public, anon, authenticated, service_role;

-- What assignments gave before this table existed: the zero-price purchases without an order of the audio of
-- a granted assignment, linked to the first such assignment.
insert into private.assignment_purchases (purchase_id, assignment_id)
select distinct on (pu.id) pu.id, a.id
from public.purchases pu
join public.client_assignments a on a.user_id = pu.user_id and a.access = 'granted'
left join public.programme_steps s on s.programme_id = a.programme_id
where pu.price = 0 and pu.order_id is null
  and (a.product_id = pu.product_id or s.product_id = pu.product_id)
order by pu.id, a.assigned_at;

-- Gives the granted audio of one assignment (as admin_grant_audio does), remembering what it gave. Audio the
-- client already owns is left as it is (and is not this assignment's to take back).
create or replace function private.grant_assignment_audio(p_assignment_id uuid) returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  with given as (
    insert into public.purchases (user_id, product_id, title, category, price)
    select a.user_id, pr.id, pr.title, pr.category, 0
    from public.client_assignments a
    join public.products pr on pr.id = a.product_id
      or pr.id in (select s.product_id from public.programme_steps s where s.programme_id = a.programme_id)
    where a.id = p_assignment_id and a.user_id is not null and a.access = 'granted'
    on conflict (user_id, product_id) do nothing
    returning id
  )
  insert into private.assignment_purchases (purchase_id, assignment_id)
  select given.id, p_assignment_id from given;
end
$$;

-- Whether an assignment's step with this audio is still locked for its client at p_now: a programme that opens
-- one step at a time, in which no step with this audio is open yet (the same rule as
-- src/features/programmes/programme-steps.ts: the first step is open; a later one when the step before it
-- was listened to, or when the programme reaches its day, counted in London calendar days from the day
-- assigned).
create function private.assignment_audio_locked(p_assignment_id uuid, p_product_id uuid, p_now timestamptz)
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
    select s.product_id, s.day_number,
      row_number() over (order by s.position) as n,
      lag(s.product_id) over (order by s.position) as previous_product
    from public.programme_steps s join a on s.programme_id = a.programme_id
  )
  select exists (select 1 from steps where steps.product_id = p_product_id)
    and not exists (
      select 1 from steps, a
      where steps.product_id = p_product_id
        and (
          steps.n = 1
          or steps.day_number <= public.london_day(p_now) - public.london_day(a.assigned_at) + 1
          or exists (
            select 1 from public.programme_progress g
            where g.user_id = a.user_id and g.product_id = steps.previous_product and g.listened_at is not null
          )
        )
    )
$$;

-- The rule audio-url mints links by (docs/programmes.md "Unlock"): the account owns the audio, and it was not
-- given only by a programme whose step with it is still locked.
create function public.can_stream_audio(p_user_id uuid, p_product_id uuid) returns boolean
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
$$;

-- The caller's audio held back by a locked step (product ids), which My Account leaves out until it opens. One
-- array value, so the Data API answers a plain JSON array.
create function public.my_locked_audio() returns uuid[]
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(array_agg(pu.product_id), '{}') from public.purchases pu
  where pu.user_id = (select auth.uid()) and pu.product_id is not null
    and not public.can_stream_audio(pu.user_id, pu.product_id)
$$;

-- Removes an assignment. p_keep_audio false: the audio this assignment gave is taken back (another granted
-- assignment of the same audio keeps it, and takes it over); true: the client keeps it as their own. Audio the
-- client paid for or had before is never touched. Progress on audio no longer assigned to the client goes too.
create function public.admin_remove_assignment(p_id uuid, p_keep_audio boolean) returns void
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
  select coalesce(p.title, pr.title) into v_title
  from public.client_assignments a
  left join public.programmes p on p.id = a.programme_id
  left join public.products pr on pr.id = a.product_id
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
        where a.user_id = g.user_id and (a.product_id = g.product_id or s.product_id = g.product_id)
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

-- Edits one client's assignment: its note and, for a programme, the client's own copy (title, introduction, one
-- step at a time, steps as admin_save_programme takes them). The template it came from is not changed. Audio of new
-- steps is given if the assignment is granted; audio of removed steps stays the client's.
create function public.admin_edit_assignment(
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
    select pr.title into v_title from public.products pr where pr.id = v_assignment.product_id;
  end if;

  perform public.log_admin_activity(
    v_actor, 'assignment.update', 'assignment', p_id::text, v_title || ' for ' || v_assignment.email,
    jsonb_build_object('note', v_assignment.note),
    jsonb_build_object('note', coalesce(p_note, ''), 'steps', case when v_assignment.programme_id is null
      then null else jsonb_array_length(p_steps) end, 'sequential_unlock', p_sequential_unlock)
  );
end
$$;

revoke execute on function public.admin_remove_assignment(uuid, boolean) from public, anon, service_role;
revoke execute on function public.admin_edit_assignment(uuid, text, text, text, boolean, jsonb)
  from public, anon, service_role;
grant execute on function public.admin_remove_assignment(uuid, boolean) to authenticated;
grant execute on function public.admin_edit_assignment(uuid, text, text, text, boolean, jsonb) to authenticated;
-- audio-url (service role) asks the rule for the signed-in caller; nobody else needs it.
revoke execute on function public.can_stream_audio(uuid, uuid) from public, anon, authenticated;
grant execute on function public.can_stream_audio(uuid, uuid) to service_role;
revoke execute on function public.my_locked_audio() from public, anon, service_role;
grant execute on function public.my_locked_audio() to authenticated;
revoke execute on function private.assignment_audio_locked(uuid, uuid, timestamptz)
  from public, anon, authenticated, service_role;
