-- The health intake and the appointment reminder (docs/intake-and-reminders.md).
--
-- * public.intake_form: the practitioner's question list (one row), read by signed-in clients, edited by admins.
-- * public.intakes: one client's answers. Health data (docs/product-rules.md D26 "Health data"): the client
--   reads and writes their own, an admin reads every one, only through a live session (as all client data,
--   20261130010000_pending_data_claimed_by_owner.sql), and only an account its owner has claimed writes one (a
--   stranger who registered the client's address first must not put answers in the client's name). Nothing is
--   kept before the client consents to keeping their answers as health data; the consent times are the
--   database's clock, never the browser's. Removed with the account (on delete cascade).
-- * public.client_settings: the client's time zone (from their browser), so reminders give local times.
-- * private.sent_reminders: one row per reminder event ever claimed, so no event is sent twice, whatever the
--   retries, restarts or concurrent runs of send-reminders (supabase/functions/send-reminders).

create table public.intake_form (
  id boolean primary key default true check (id),
  questions jsonb not null check (jsonb_typeof(questions) = 'array' and octet_length(questions::text) <= 50000),
  updated_at timestamptz not null default now()
);
comment on table public.intake_form is
  'The intake questions (one row): clients read them, admins edit them (docs/intake-and-reminders.md).';
create trigger intake_form_set_updated_at before update on public.intake_form
  for each row execute function public.set_updated_at();
alter table public.intake_form enable row level security;
revoke all on public.intake_form from public, anon, authenticated, service_role;
grant select, update on public.intake_form to authenticated;

create policy "Signed-in people read the intake questions"
  on public.intake_form for select to authenticated using (true);
create policy "Admins edit the intake questions"
  on public.intake_form for update to authenticated
  using ((select public.is_admin())) with check ((select public.is_admin()));

-- The default questions for a UK hypnotherapy practice. kind: text | longtext | yesno (a yes needs the
-- practitioner's attention; details follow) ; ids are stable: answers are kept by id.
insert into public.intake_form (questions) values ($json$[
  {"id": "phone", "kind": "text", "section": "Your details", "label": "Phone number"},
  {"id": "date_of_birth", "kind": "text", "section": "Your details", "label": "Date of birth"},
  {"id": "address", "kind": "longtext", "section": "Your details", "label": "Home address"},
  {"id": "gp_details", "kind": "longtext", "section": "Your GP", "label": "Your GP's name and surgery"},
  {"id": "help_with", "kind": "longtext", "section": "What you would like help with", "label": "What would you like help with?"},
  {"id": "goals", "kind": "longtext", "section": "What you would like help with", "label": "How would you like things to be after our sessions?"},
  {"id": "medication", "kind": "longtext", "section": "Health", "label": "Current medication (name and dose), if any"},
  {"id": "epilepsy", "kind": "yesno", "section": "Health", "label": "Do you have epilepsy, or have you ever had a seizure?"},
  {"id": "psychosis", "kind": "yesno", "section": "Health", "label": "Have you ever been diagnosed with psychosis, schizophrenia or bipolar disorder?"},
  {"id": "severe_depression", "kind": "yesno", "section": "Health", "label": "Are you being treated for severe depression, or have you had thoughts of harming yourself?"},
  {"id": "heart_condition", "kind": "yesno", "section": "Health", "label": "Do you have a heart condition?"},
  {"id": "pregnancy", "kind": "yesno", "section": "Health", "label": "Are you pregnant?"},
  {"id": "other_treatment", "kind": "yesno", "section": "Health", "label": "Are you under a doctor, psychiatrist or therapist for anything else?"},
  {"id": "emergency_contact", "kind": "longtext", "section": "Emergency contact", "label": "Emergency contact: name, relationship and phone number"}
]$json$::jsonb);

create table public.intakes (
  user_id uuid primary key references auth.users (id) on delete cascade,
  answers jsonb not null default '{}'::jsonb
    check (jsonb_typeof(answers) = 'object' and octet_length(answers::text) <= 100000),
  -- When the client agreed to keeping their answers as health data, and to hypnotherapy: set by the trigger.
  health_data_consent_at timestamptz,
  hypnotherapy_consent_at timestamptz,
  -- The privacy policy's words the client agreed to, as shown to them.
  consent_wording text not null default '' check (length(consent_wording) <= 4000),
  -- When the client sent the form to the practitioner (the trigger's clock); the intake "is in" from then.
  submitted_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- No health data without consent to keeping it.
  check (answers = '{}'::jsonb or health_data_consent_at is not null),
  check (submitted_at is null or (health_data_consent_at is not null and hypnotherapy_consent_at is not null))
);
comment on table public.intakes is
  'Health intake answers: the client reads and writes their own, admins read all (docs/intake-and-reminders.md).';

-- The times are the database's: a client sets a consent or the submission (any non-null value) and the
-- first time stands; clearing a consent is allowed (and then the answers must go, by the checks above).
create function private.intakes_stamp_times() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.health_data_consent_at is not null then
    new.health_data_consent_at := case when tg_op = 'UPDATE' and old.health_data_consent_at is not null
      then old.health_data_consent_at else now() end;
  end if;
  if new.hypnotherapy_consent_at is not null then
    new.hypnotherapy_consent_at := case when tg_op = 'UPDATE' and old.hypnotherapy_consent_at is not null
      then old.hypnotherapy_consent_at else now() end;
  end if;
  if new.submitted_at is not null then
    new.submitted_at := case when tg_op = 'UPDATE' and old.submitted_at is not null
      then old.submitted_at else now() end;
  end if;
  if tg_op = 'UPDATE' then
    new.created_at := old.created_at;
  else
    new.created_at := now();
  end if;
  new.updated_at := now();
  return new;
end
$$;
revoke execute on function private.intakes_stamp_times() from public, anon, authenticated, service_role;
create trigger intakes_stamp_times before insert or update on public.intakes
  for each row execute function private.intakes_stamp_times();

-- True when the caller's account is its owner's (private.account_owners is not readable by the API roles).
create function private.caller_owns_account() returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (select 1 from private.account_owners o where o.user_id = auth.uid())
$$;
revoke execute on function private.caller_owns_account() from public, anon, service_role;
grant execute on function private.caller_owns_account() to authenticated;

alter table public.intakes enable row level security;
alter table public.intakes force row level security;
revoke all on public.intakes from public, anon, authenticated, service_role;
grant select, insert, update, delete on public.intakes to authenticated;
-- The service role reads (the export and support paths, the reminder's "is the intake in") and never writes.
grant select on public.intakes to service_role;

create policy "Clients read their own intake"
  on public.intakes for select to authenticated using (user_id = (select auth.uid()));
create policy "Admins read every intake"
  on public.intakes for select to authenticated using ((select public.is_admin()));
create policy "Clients who own their account write their own intake"
  on public.intakes for insert to authenticated
  with check (user_id = (select auth.uid()) and (select private.caller_owns_account()));
create policy "Clients who own their account change their own intake"
  on public.intakes for update to authenticated
  using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()) and (select private.caller_owns_account()));
create policy "Clients delete their own intake"
  on public.intakes for delete to authenticated using (user_id = (select auth.uid()));
create policy "Client data only through a live session" on public.intakes
  as restrictive for all to authenticated using ((select private.session_is_live()));

create table public.client_settings (
  user_id uuid primary key references auth.users (id) on delete cascade,
  -- An IANA zone name as the browser gives it (Intl); send-reminders falls back to Europe/London for one it
  -- does not know.
  time_zone text not null default 'Europe/London'
    check (length(time_zone) <= 64 and time_zone ~ '^[A-Za-z][A-Za-z0-9_+-]*(/[A-Za-z0-9_+-]+)*$'),
  updated_at timestamptz not null default now()
);
comment on table public.client_settings is
  'A client''s settings for reminders (their time zone): their own to read and write (docs/intake-and-reminders.md).';
create trigger client_settings_set_updated_at before update on public.client_settings
  for each row execute function public.set_updated_at();
alter table public.client_settings enable row level security;
revoke all on public.client_settings from public, anon, authenticated, service_role;
grant select, insert, update on public.client_settings to authenticated;
grant select on public.client_settings to service_role;
create policy "Clients read their own settings"
  on public.client_settings for select to authenticated using (user_id = (select auth.uid()));
create policy "Clients add their own settings"
  on public.client_settings for insert to authenticated with check (user_id = (select auth.uid()));
create policy "Clients change their own settings"
  on public.client_settings for update to authenticated
  using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()));
create policy "Client data only through a live session" on public.client_settings
  as restrictive for all to authenticated using ((select private.session_is_live()));

create table private.sent_reminders (
  event_key text primary key check (length(event_key) <= 300),
  claimed_at timestamptz not null default now()
);
comment on table private.sent_reminders is
  'Reminder events already claimed by send-reminders: an event is emailed at most once.';
revoke all on private.sent_reminders from public, anon, authenticated, service_role;

-- The appointment reminders due at p_now (the caller's clock, so tests control it): active appointments that
-- start more than 23 and at most 24 hours after p_now, whose event (the appointment at this start time: a
-- rescheduled one is a new event) has not been claimed. intake_missing: no intake sent for the linked account
-- (or no account yet).
create function public.due_appointment_reminders(p_now timestamptz)
returns table (
  event_key text,
  email text,
  starts_at timestamptz,
  time_zone text,
  reschedule_url text,
  cancel_url text,
  intake_missing boolean
)
language sql
stable
security definer
set search_path = ''
as $$
  select k.event_key, a.invitee_email, a.starts_at, coalesce(s.time_zone, 'Europe/London'),
    a.reschedule_url, a.cancel_url,
    not exists (select 1 from public.intakes i where i.user_id = a.user_id and i.submitted_at is not null)
  from public.appointments a
  cross join lateral (
    select 'appointment-day-before:' || a.id::text || ':' || extract(epoch from a.starts_at)::bigint::text
      as event_key
  ) k
  left join public.client_settings s on s.user_id = a.user_id
  where a.status = 'active'
    and a.starts_at > p_now + interval '23 hours'
    and a.starts_at <= p_now + interval '24 hours'
    and not exists (select 1 from private.sent_reminders r where r.event_key = k.event_key)
  order by a.starts_at
$$;
revoke execute on function public.due_appointment_reminders(timestamptz) from public, anon, authenticated;
grant execute on function public.due_appointment_reminders(timestamptz) to service_role;

-- Claims one reminder event before it is sent: true for the one caller that claims it, false for every other
-- (a concurrent run, a retry, a restart). send-reminders releases the claim when the email could not be sent.
create function public.claim_reminder(p_event_key text) returns boolean
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into private.sent_reminders (event_key) values (p_event_key) on conflict (event_key) do nothing;
  return found;
end
$$;
revoke execute on function public.claim_reminder(text) from public, anon, authenticated;
grant execute on function public.claim_reminder(text) to service_role;

create function public.release_reminder(p_event_key text) returns void
language sql
security definer
set search_path = ''
as $$
  delete from private.sent_reminders r where r.event_key = p_event_key
$$;
revoke execute on function public.release_reminder(text) from public, anon, authenticated;
grant execute on function public.release_reminder(text) to service_role;
