-- Programme step reminders (docs/intake-and-reminders.md "Programme step reminders"): an email on the day a
-- step of an assigned programme opens, only for a client who switched them on in My Account, with an
-- unsubscribe link in every one that switches them off at once without signing in.

alter table public.client_settings add column step_reminders boolean not null default false;

-- The step reminders due at p_now: steps after the first of programmes assigned to an account, whose day
-- (the assignment's London day + day_number - 1, as the unlock counts it: private.assignment_audio_locked)
-- is p_now's London day, from 08:00 London time (no email in the night), for clients who switched them on,
-- not yet claimed. The first step opens with the assignment, whose own email says so (notify-assignment).
create function public.due_step_reminders(p_now timestamptz)
returns table (event_key text, user_id uuid, email text)
language sql
stable
security definer
set search_path = ''
as $$
  select k.event_key, a.user_id, u.email
  from public.client_assignments a
  join public.client_settings s on s.user_id = a.user_id and s.step_reminders
  join auth.users u on u.id = a.user_id and u.email is not null
  join public.programme_steps st on st.programme_id = a.programme_id and st.day_number > 1
  cross join lateral (select 'step-opens:' || a.id::text || ':' || st.id::text as event_key) k
  where a.user_id is not null
    and public.london_day(a.assigned_at) + (st.day_number - 1) = public.london_day(p_now)
    and extract(hour from (p_now at time zone 'Europe/London')) >= 8
    and not exists (select 1 from private.sent_reminders r where r.event_key = k.event_key)
  order by a.assigned_at, st.position
$$;
revoke execute on function public.due_step_reminders(timestamptz) from public, anon, authenticated;
grant execute on function public.due_step_reminders(timestamptz) to service_role;

-- The unsubscribe link's effect (unsubscribe-reminders verifies its signed token first): off at once.
create function public.stop_step_reminders(p_user_id uuid) returns void
language sql
security definer
set search_path = ''
as $$
  update public.client_settings s set step_reminders = false where s.user_id = p_user_id
$$;
revoke execute on function public.stop_step_reminders(uuid) from public, anon, authenticated;
grant execute on function public.stop_step_reminders(uuid) to service_role;
