-- Pending client data (assignments with the practitioner's note, private recordings, appointments kept for an
-- email with no account yet) belongs to the person who proves the address, never to whoever registered it
-- first (docs/security.md "Pre-registered accounts"). GoTrue keeps an unconfirmed account as its first sign-up
-- left it, password included, so a confirmation proves the inbox but not the password. Until now triggers on
-- auth.users linked pending rows the moment email_confirmed_at was set: a stranger who had registered the
-- address first signed in with their own password and read the client's programme note and recordings.
--
-- Now an account is the *owner's* (private.account_owners) only once a session that proved the inbox (an
-- emailed link: JWT amr 'otp'/'recovery'/…) also shows the password is the confirmer's: either the same browser
-- made the sign-up (it keeps a random proof whose sha-256 the sign-up stored in user metadata), or the password
-- was set from that session after it began (GoTrue then ends every other session). Only then are pending rows
-- linked, and rows are never linked to an account that is not the owner's (a trigger nulls user_id). Client
-- data is also read only through a live session (auth.sessions), so an access token whose session ended with a
-- password change reads nothing of it, though the token is valid until it expires.

create table private.account_owners (
  user_id uuid primary key references auth.users (id) on delete cascade,
  proven_at timestamptz not null default now(),
  -- signup_proof: the confirming browser made the sign-up; new_password: the password was set from the
  -- session that proved the inbox; existing: confirmed before this migration; provisioned: created by the
  -- practice (local demo accounts, tests).
  proof text not null check (proof in ('signup_proof', 'new_password', 'existing', 'provisioned'))
);
comment on table private.account_owners is
  'Accounts whose owner proved the address and holds the only password; pending client data links only to these.';
revoke all on private.account_owners from public, anon, authenticated, service_role;

-- When each account's password last changed (GoTrue keeps no such column). Written by a trigger on auth.users.
create table private.password_changes (
  user_id uuid primary key references auth.users (id) on delete cascade,
  changed_at timestamptz not null
);
revoke all on private.password_changes from public, anon, authenticated, service_role;

create function private.record_password_change() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into private.password_changes as c (user_id, changed_at) values (new.id, clock_timestamp())
  on conflict (user_id) do update set changed_at = excluded.changed_at;
  return null;
end
$$;
revoke execute on function private.record_password_change() from public, anon, authenticated, service_role;
create trigger users_record_password_change
  after update of encrypted_password on auth.users
  for each row when (old.encrypted_password is distinct from new.encrypted_password)
  execute function private.record_password_change();

-- Confirmation no longer links anything by itself.
drop trigger client_assignments_link_account on auth.users;
drop trigger private_audio_link_account on auth.users;
drop trigger appointments_link_account on auth.users;
drop function private.link_assignments_to_account();
drop function private.link_private_audio_to_account();
drop function private.link_appointments_to_account();

-- Whatever sets user_id (the admin's assign functions, the scheduler webhook, a step upload), a row is linked
-- only to an account its owner has claimed; otherwise it stays kept for the email.
create function private.pending_until_owned() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.user_id is not null
    and not exists (select 1 from private.account_owners o where o.user_id = new.user_id) then
    new.user_id := null;
  end if;
  return new;
end
$$;
revoke execute on function private.pending_until_owned() from public, anon, authenticated, service_role;
create trigger client_assignments_pending_until_owned
  before insert or update of user_id on public.client_assignments
  for each row execute function private.pending_until_owned();
create trigger private_audio_pending_until_owned
  before insert or update of user_id on public.private_audio
  for each row execute function private.pending_until_owned();
create trigger appointments_pending_until_owned
  before insert or update of user_id on public.appointments
  for each row execute function private.pending_until_owned();

-- The admin role goes only to an account its owner has claimed (not to one a stranger registered first).
create function private.admin_role_needs_owner() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.role = 'admin'::public.app_role
    and not exists (select 1 from private.account_owners o where o.user_id = new.user_id) then
    raise exception 'That account has not been confirmed by its owner yet' using errcode = 'P0001';
  end if;
  return new;
end
$$;
revoke execute on function private.admin_role_needs_owner() from public, anon, authenticated, service_role;
create trigger user_roles_admin_needs_owner
  before insert on public.user_roles
  for each row execute function private.admin_role_needs_owner();

-- True when the caller's JWT belongs to a session the auth server still has: a password change (which ends
-- every other session) or a sign-out ends what that session's tokens read of client data at once.
create function private.session_is_live() returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from auth.sessions s
    where s.id = nullif(auth.jwt() ->> 'session_id', '')::uuid and s.user_id = auth.uid()
  )
$$;
revoke execute on function private.session_is_live() from public, anon, service_role;
grant execute on function private.session_is_live() to authenticated;

-- The same question for the edge functions, which verify a user's JWT against the JWKS without asking the
-- auth server (supabase/functions/_shared/auth.ts): a token whose session ended is no caller.
create function public.session_is_live_for(p_user_id uuid, p_session_id uuid) returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (select 1 from auth.sessions s where s.id = p_session_id and s.user_id = p_user_id)
$$;
revoke execute on function public.session_is_live_for(uuid, uuid) from public, anon, authenticated;
grant execute on function public.session_is_live_for(uuid, uuid) to service_role;

create policy "Client data only through a live session" on public.client_assignments
  as restrictive for all to authenticated using ((select private.session_is_live()));
create policy "Client data only through a live session" on public.private_audio
  as restrictive for all to authenticated using ((select private.session_is_live()));
create policy "Client data only through a live session" on public.appointments
  as restrictive for all to authenticated using ((select private.session_is_live()));
create policy "Client data only through a live session" on public.programmes
  as restrictive for all to authenticated using ((select private.session_is_live()));
create policy "Client data only through a live session" on public.programme_steps
  as restrictive for all to authenticated using ((select private.session_is_live()));
create policy "Client data only through a live session" on public.programme_progress
  as restrictive for all to authenticated using ((select private.session_is_live()));
create policy "Client data only through a live session" on public.client_notes
  as restrictive for all to authenticated using ((select private.session_is_live()));
-- Purchases include the audio a programme gives, which names what the client is being helped with.
create policy "Client data only through a live session" on public.purchases
  as restrictive for all to authenticated using ((select private.session_is_live()));

-- Links what was kept for an owned account's address (assignments and the audio they give, private audio,
-- appointments). Runs when an account becomes its owner's, and again on each claim (rows kept since).
create function private.link_pending(p_user_id uuid) returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_email text;
  v_id uuid;
begin
  select lower(u.email) into v_email from auth.users u
  where u.id = p_user_id and u.email_confirmed_at is not null
    and exists (select 1 from private.account_owners o where o.user_id = u.id);
  if v_email is null then
    return;
  end if;
  for v_id in
    update public.client_assignments a set user_id = p_user_id
    where a.user_id is null and lower(a.email) = v_email
    returning a.id
  loop
    perform private.grant_assignment_audio(v_id);
  end loop;
  update public.private_audio pa set user_id = p_user_id where pa.user_id is null and lower(pa.email) = v_email;
  update public.appointments a set user_id = p_user_id
  where a.user_id is null and lower(a.invitee_email) = v_email;
end
$$;
revoke execute on function private.link_pending(uuid) from public, anon, authenticated, service_role;

create function private.link_pending_for_new_owner() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.link_pending(new.user_id);
  return null;
end
$$;
revoke execute on function private.link_pending_for_new_owner() from public, anon, authenticated, service_role;
create trigger account_owners_link_pending
  after insert on private.account_owners
  for each row execute function private.link_pending_for_new_owner();

-- Links what was kept for the caller's address, once the account is the owner's. Returns 'owned', or
-- 'password_needed' when this session cannot show the password is the confirmer's (then the app asks them to
-- choose one, and calls again). p_signup_proof: the random value the sign-up's browser kept.
create function public.claim_my_account(p_signup_proof text default null) returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_uid uuid := auth.uid();
  v_session uuid := nullif(auth.jwt() ->> 'session_id', '')::uuid;
  v_session_started timestamptz;
  v_email text;
  v_stored_proof text;
  v_confirmed timestamptz;
  v_inbox_proven boolean;
  v_how text;
begin
  if v_uid is null then
    raise exception 'Sign in first' using errcode = '42501';
  end if;
  select s.created_at into v_session_started from auth.sessions s where s.id = v_session and s.user_id = v_uid;
  if v_session_started is null then
    raise exception 'This session has ended; sign in again' using errcode = '42501';
  end if;
  select lower(u.email), u.raw_user_meta_data ->> 'signup_proof', u.email_confirmed_at
    into v_email, v_stored_proof, v_confirmed
  from auth.users u where u.id = v_uid;
  if v_email is null or v_confirmed is null then
    raise exception 'Confirm your email address first' using errcode = '42501';
  end if;

  if not exists (select 1 from private.account_owners o where o.user_id = v_uid) then
    v_inbox_proven := exists (
      select 1 from jsonb_array_elements(coalesce(auth.jwt() -> 'amr', '[]'::jsonb)) e
      where e ->> 'method' in ('otp', 'magiclink', 'recovery', 'invite', 'email/signup', 'email_change')
    );
    if not v_inbox_proven then
      return 'password_needed';
    end if;
    if p_signup_proof is not null and length(p_signup_proof) between 32 and 200 and v_stored_proof is not null
      and v_stored_proof = encode(pg_catalog.sha256(convert_to(p_signup_proof, 'UTF8')), 'hex') then
      v_how := 'signup_proof';
    elsif exists (
      select 1 from private.password_changes c where c.user_id = v_uid and c.changed_at >= v_session_started
    ) then
      v_how := 'new_password';
    else
      return 'password_needed';
    end if;
    insert into private.account_owners (user_id, proof) values (v_uid, v_how) on conflict (user_id) do nothing;
  end if;

  perform private.link_pending(v_uid);
  return 'owned';
end
$$;
comment on function public.claim_my_account(text) is
  'Makes a confirmed account its owner''s and links what was kept for its address (docs/security.md).';
revoke execute on function public.claim_my_account(text) from public, anon, service_role;
grant execute on function public.claim_my_account(text) to authenticated;

-- Accounts confirmed before this change keep what they had: they were in use before any of it could be
-- taken this way.
insert into private.account_owners (user_id, proof)
select u.id, 'existing' from auth.users u where u.email_confirmed_at is not null
on conflict (user_id) do nothing;
