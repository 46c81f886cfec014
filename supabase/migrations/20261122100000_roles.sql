-- Roles: who is an admin. Admin is a row in user_roles; public.is_admin() answers it for policies.
-- Only the service role and admins write roles; an admin can never remove their own admin role, so the
-- practice cannot lock itself out.

create type public.app_role as enum ('admin', 'customer');

create table public.user_roles (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  role public.app_role not null,
  created_at timestamptz not null default now(),
  constraint user_roles_user_id_role_key unique (user_id, role)
);

comment on table public.user_roles is 'Application roles. A user is an admin when a row with role admin exists.';

-- Shared trigger function for updated_at columns (used by later migrations).
create function public.set_updated_at() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := now();
  return new;
end
$$;

-- Security definer so policies can ask "is this user an admin?" without user_roles' own RLS recursing into
-- itself. search_path is empty and every name qualified, so a caller cannot shadow anything.
create function public.is_admin(uid uuid default auth.uid()) returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.user_roles r
    where r.user_id = uid and r.role = 'admin'::public.app_role
  )
$$;

comment on function public.is_admin(uuid) is 'True when the user (default: the caller) has the admin role.';

-- An admin deleting or demoting their own admin row would leave the practice without a way back in.
create function public.prevent_self_admin_removal() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if old.role = 'admin'::public.app_role
     and old.user_id = (select auth.uid())
     and (tg_op = 'DELETE' or new.role <> old.role or new.user_id <> old.user_id) then
    raise exception 'An admin cannot remove their own admin role'
      using errcode = '42501', hint = 'Ask another admin to change your role.';
  end if;
  if tg_op = 'DELETE' then
    return old;
  end if;
  return new;
end
$$;

create trigger user_roles_prevent_self_admin_removal
  before update or delete on public.user_roles
  for each row execute function public.prevent_self_admin_removal();

-- Grants: tables keep Supabase's defaults (RLS decides); functions are locked down explicitly because the
-- default privileges grant EXECUTE to every API role.
revoke execute on function public.is_admin(uuid) from public, anon;
grant execute on function public.is_admin(uuid) to authenticated, service_role;
revoke execute on function public.set_updated_at() from public, anon, authenticated;
revoke execute on function public.prevent_self_admin_removal() from public, anon, authenticated;
-- TRUNCATE ignores RLS and no API call needs it.
revoke truncate, references, trigger on public.user_roles from anon, authenticated;

-- Row-level security. Not FORCEd: is_admin() (owned by the table owner) reads this table and must not be
-- subject to its policies.
alter table public.user_roles enable row level security;

create policy "Users read their own roles; admins read all"
  on public.user_roles for select
  to authenticated
  using (user_id = (select auth.uid()) or (select public.is_admin()));

create policy "Admins grant roles"
  on public.user_roles for insert
  to authenticated
  with check ((select public.is_admin()));

create policy "Admins revoke roles"
  on public.user_roles for delete
  to authenticated
  using ((select public.is_admin()));
