-- is_admin answers only for the caller. public.is_admin(uid uuid default auth.uid()) let any signed-in user
-- ask the API whether any user id is an admin (rpc('is_admin', { uid })). The API now exposes only
-- public.is_admin(), about the caller.
--
-- The policies written so far call public.is_admin() and resolved to the uuid form through its default
-- argument. A policy refers to its function by OID, so moving the function to a schema the API does not
-- expose keeps every policy working unchanged. Both forms cannot live in public together (a call without
-- arguments would be ambiguous). Policies run with the caller's privileges, so authenticated keeps USAGE on
-- the schema and EXECUTE on the moved function; neither is reachable through the API (only `public` is).

create schema if not exists private;
comment on schema private is 'Helpers for policies and functions; not exposed by the Data API.';
revoke all on schema private from public;
grant usage on schema private to authenticated, service_role;

alter function public.is_admin(uuid) set schema private;
comment on function private.is_admin(uuid) is
  'True when the user (default: the caller) has the admin role. For policies; not callable through the API.';
revoke execute on function private.is_admin(uuid) from public, anon;
grant execute on function private.is_admin(uuid) to authenticated, service_role;

-- The caller's own answer: what the app asks (rpc('is_admin')) and what new policies call.
create function public.is_admin() returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.user_roles r
    where r.user_id = (select auth.uid()) and r.role = 'admin'::public.app_role
  )
$$;

comment on function public.is_admin() is 'True when the caller has the admin role.';
revoke execute on function public.is_admin() from public, anon;
grant execute on function public.is_admin() to authenticated, service_role;
