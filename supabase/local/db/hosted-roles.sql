-- The roles of a hosted Supabase project, with the attributes, memberships and per-role settings hosted
-- gives them (supabase/postgres: migrations/db/init-scripts/00000000000000-initial-schema.sql,
-- 00000000000001-auth-schema.sql, 00000000000002-storage-schema.sql, and migrations/db/migrations
-- 10000000000000_demote-postgres, 20220609081115, 20221028101028, 20221103090837, 20230201083204,
-- 20230529180330, 20231130133139). Run by the superuser `supabase_admin`, once per cluster (roles are
-- cluster-wide); idempotent. Not deployed anywhere: a hosted project has the real thing.

do $$
begin
  -- Migrations and the seed run as `postgres`: not a superuser, but it bypasses RLS and may create roles
  -- and databases.
  if not exists (select 1 from pg_roles where rolname = 'postgres') then
    create role postgres;
  end if;
  alter role postgres nosuperuser createdb createrole login replication bypassrls;

  if not exists (select 1 from pg_roles where rolname = 'anon') then
    create role anon nologin noinherit;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'authenticated') then
    create role authenticated nologin noinherit;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'service_role') then
    create role service_role nologin noinherit bypassrls;
  end if;
  -- PostgREST (and Supabase Storage) connect as authenticator and switch to one of the API roles.
  if not exists (select 1 from pg_roles where rolname = 'authenticator') then
    create role authenticator login noinherit;
  end if;
  -- Owners of auth and storage: the Auth and Storage servers connect as these.
  if not exists (select 1 from pg_roles where rolname = 'supabase_auth_admin') then
    create role supabase_auth_admin noinherit createrole login noreplication;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'supabase_storage_admin') then
    create role supabase_storage_admin noinherit createrole login noreplication;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'dashboard_user') then
    create role dashboard_user nosuperuser createdb createrole replication;
  end if;
end
$$;

alter role anon inherit;
alter role authenticated inherit;
alter role service_role inherit;

grant anon, authenticated, service_role to authenticator;
grant anon, authenticated, service_role to postgres;
grant supabase_auth_admin, supabase_storage_admin to postgres;
grant authenticated, anon, service_role to supabase_storage_admin;
grant authenticator to supabase_storage_admin;

-- Hosted statement and lock timeouts. PostgREST applies a role's settings itself when it switches to it
-- (SET ROLE does not); the local stack does the same (supabase/local/db/db.ts withRequestContext).
alter role anon set statement_timeout = '3s';
alter role authenticated set statement_timeout = '8s';
alter role authenticator set statement_timeout = '8s';
alter role authenticator set lock_timeout = '8s';

alter role postgres set search_path to "$user", public, extensions;
alter role supabase_admin set search_path to "$user", public, auth, extensions;
alter role supabase_auth_admin set search_path = auth;
alter role supabase_storage_admin set search_path = storage;
