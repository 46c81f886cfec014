-- What a hosted Supabase project already has before the first migration runs, so that
-- supabase/migrations/*.sql run unchanged on the local stack (PGlite) and on the real PostgreSQL the tests
-- start. Applied once, on a fresh database, by supabase/local/db/baseline.ts. Modelled on supabase/postgres's
-- init scripts, trimmed to what the app and the local stack use. Not deployed anywhere: a hosted project has the real thing.

-- Roles: db/hosted-roles.sql (cluster-wide, applied first). This file runs as the superuser `supabase_admin`,
-- as Supabase's own init scripts do; migrations and the seed then run as `postgres` (db/baseline.ts).

-- Schemas and extensions --------------------------------------------------------------------------------
create schema if not exists extensions;
create schema if not exists auth authorization supabase_admin;
create schema if not exists storage authorization supabase_admin;

-- As hosted (10000000000000_demote-postgres and after): postgres owns neither auth nor storage but holds
-- every privilege on their objects and on extensions, and may create (trusted) extensions in this database.
do $$
begin
  execute format('grant all on database %I to postgres', current_database());
end
$$;
grant all on schema auth, storage, extensions to postgres;
grant all on schema auth to supabase_auth_admin;
grant all on schema storage to supabase_storage_admin;
grant all on schema public to postgres;
alter default privileges for role supabase_auth_admin in schema auth grant all on tables to postgres, dashboard_user;
alter default privileges for role supabase_auth_admin in schema auth grant all on sequences to postgres, dashboard_user;
alter default privileges for role supabase_auth_admin in schema auth grant all on routines to postgres, dashboard_user;
alter default privileges for role supabase_storage_admin in schema storage grant all on tables to postgres;
alter default privileges for role supabase_storage_admin in schema storage grant all on sequences to postgres;
alter default privileges for role supabase_storage_admin in schema storage grant all on functions to postgres;
alter default privileges in schema extensions grant all on tables to postgres with grant option;
alter default privileges in schema extensions grant all on routines to postgres with grant option;
alter default privileges in schema extensions grant all on sequences to postgres with grant option;

grant usage on schema extensions to anon, authenticated, service_role;
grant usage on schema auth to anon, authenticated, service_role;
grant usage on schema storage to anon, authenticated, service_role;
grant usage on schema public to anon, authenticated, service_role;

-- Hosted projects enable these in `extensions` and put that schema on the search path.
create extension if not exists pgcrypto with schema extensions;
create extension if not exists "uuid-ossp" with schema extensions;

do $$
begin
  execute format('alter database %I set search_path to "$user", public, extensions', current_database());
end
$$;
select set_config('search_path', '"$user", public, extensions', false);

-- No default privileges for the API roles: since 2026-05-30 a hosted project grants anon, authenticated and
-- service_role nothing on new objects in public, so every migration grants what each role needs itself
-- (supabase/migrations/20261125100000_explicit_grants.sql, checked by tests/database/grants.test.ts).

-- auth --------------------------------------------------------------------------------------------------
-- auth.users with GoTrue's columns. The stack's own auth tables (sessions, refresh tokens, one-time tokens)
-- live in supabase/local/db/auth-internal.sql. Created by their owner, the Auth server's role, as hosted.
set role supabase_auth_admin;
create table if not exists auth.users (
  instance_id uuid,
  id uuid not null primary key,
  aud varchar(255),
  role varchar(255),
  email varchar(255),
  encrypted_password varchar(255),
  email_confirmed_at timestamptz,
  invited_at timestamptz,
  confirmation_token varchar(255),
  confirmation_sent_at timestamptz,
  recovery_token varchar(255),
  recovery_sent_at timestamptz,
  email_change_token_new varchar(255),
  email_change varchar(255),
  email_change_sent_at timestamptz,
  last_sign_in_at timestamptz,
  raw_app_meta_data jsonb,
  raw_user_meta_data jsonb,
  is_super_admin boolean,
  created_at timestamptz,
  updated_at timestamptz,
  phone text default null,
  phone_confirmed_at timestamptz,
  phone_change text default '',
  phone_change_token varchar(255) default '',
  phone_change_sent_at timestamptz,
  -- As in GoTrue: derived, never written.
  confirmed_at timestamptz generated always as (least(email_confirmed_at, phone_confirmed_at)) stored,
  email_change_token_current varchar(255) default '',
  email_change_confirm_status smallint default 0 check (email_change_confirm_status between 0 and 2),
  banned_until timestamptz,
  reauthentication_token varchar(255) default '',
  reauthentication_sent_at timestamptz,
  is_sso_user boolean not null default false,
  deleted_at timestamptz,
  is_anonymous boolean not null default false,
  constraint users_email_key unique (email),
  constraint users_phone_key unique (phone)
);
create index if not exists users_instance_id_idx on auth.users (instance_id);
create index if not exists users_is_anonymous_idx on auth.users (is_anonymous);

-- The API roles get no privileges on auth.users (as on a hosted project): only the auth server and
-- security definer functions read it.
alter table auth.users enable row level security;
revoke all on auth.users from anon, authenticated, service_role;

-- GoTrue's sessions and the methods each began with (auth.sessions, auth.mfa_amr_claims), with the hosted
-- columns migrations and policies may read: a session's id is the JWT's session_id; it is deleted when the
-- person signs out or changes their password elsewhere (policies read it: docs/security.md).
create table if not exists auth.sessions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  factor_id uuid,
  aal text not null default 'aal1',
  not_after timestamptz,
  refreshed_at timestamp,
  user_agent text,
  ip inet,
  tag text
);
create index if not exists sessions_user_id_idx on auth.sessions (user_id);
create table if not exists auth.mfa_amr_claims (
  id uuid primary key default gen_random_uuid(),
  session_id uuid not null references auth.sessions (id) on delete cascade,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  authentication_method text not null,
  constraint mfa_amr_claims_session_id_authentication_method_pkey unique (session_id, authentication_method)
);
alter table auth.sessions enable row level security;
alter table auth.mfa_amr_claims enable row level security;
revoke all on auth.sessions, auth.mfa_amr_claims from anon, authenticated, service_role;

-- Request identity, read from the settings PostgREST (or the local stack) sets per transaction. The legacy
-- per-claim settings are read first, as Supabase's own definitions do.
create or replace function auth.uid() returns uuid
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.sub', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub')
  )::uuid
$$;

create or replace function auth.role() returns text
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.role', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role')
  )::text
$$;

create or replace function auth.email() returns text
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.email', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'email')
  )::text
$$;

create or replace function auth.jwt() returns jsonb
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim', true), ''),
    nullif(current_setting('request.jwt.claims', true), '')
  )::jsonb
$$;

grant execute on function auth.uid(), auth.role(), auth.email(), auth.jwt() to anon, authenticated, service_role;

reset role;

-- storage -----------------------------------------------------------------------------------------------
-- Created by its owner, the Storage server's role, as hosted.
set role supabase_storage_admin;
create table if not exists storage.buckets (
  id text not null primary key,
  name text not null,
  owner uuid,
  owner_id text,
  public boolean not null default false,
  avif_autodetection boolean default false,
  file_size_limit bigint,
  allowed_mime_types text[],
  created_at timestamptz default now(),
  updated_at timestamptz default now()
);
create unique index if not exists bname on storage.buckets (name);

create table if not exists storage.objects (
  id uuid not null default gen_random_uuid() primary key,
  bucket_id text references storage.buckets (id),
  name text,
  owner uuid,
  owner_id text,
  metadata jsonb,
  user_metadata jsonb,
  version text,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  last_accessed_at timestamptz default now(),
  path_tokens text[] generated always as (string_to_array(name, '/')) stored
);
create unique index if not exists bucketid_objname on storage.objects (bucket_id, name);
create index if not exists name_prefix_search on storage.objects (name text_pattern_ops);

-- Storage is protected by RLS on objects (and buckets), as on a hosted project; the API roles hold table
-- privileges so policies decide.
alter table storage.buckets enable row level security;
alter table storage.objects enable row level security;
grant all on storage.buckets to anon, authenticated, service_role;
grant all on storage.objects to anon, authenticated, service_role;

-- Path helpers used in storage policies, with the same results as Supabase's definitions:
-- foldername('a/b/c.mp3') = {a,b}, filename(...) = 'c.mp3', extension(...) = 'mp3'.
create or replace function storage.foldername(name text) returns text[]
language plpgsql immutable
as $$
declare
  _parts text[];
begin
  select string_to_array(name, '/') into _parts;
  return _parts[1:array_length(_parts, 1) - 1];
end
$$;

create or replace function storage.filename(name text) returns text
language plpgsql immutable
as $$
declare
  _parts text[];
begin
  select string_to_array(name, '/') into _parts;
  return _parts[array_length(_parts, 1)];
end
$$;

create or replace function storage.extension(name text) returns text
language plpgsql immutable
as $$
declare
  _parts text[];
  _filename text;
begin
  select string_to_array(name, '/') into _parts;
  select _parts[array_length(_parts, 1)] into _filename;
  return reverse(split_part(reverse(_filename), '.', 1));
end
$$;

grant execute on function storage.foldername(text), storage.filename(text), storage.extension(text)
  to anon, authenticated, service_role;

-- Hosted Storage refuses a direct SQL DELETE on its tables for every role, superusers included; only the
-- Storage API, which sets storage.allow_delete_query for its own transaction, deletes (supabase/storage:
-- migrations/tenant/0055-prevent-direct-deletes.sql; the local storage API does the same,
-- storage/routes.ts).
create or replace function storage.protect_delete()
returns trigger
language plpgsql
as $$
begin
  if coalesce(current_setting('storage.allow_delete_query', true), 'false') != 'true' then
    raise exception 'Direct deletion from storage tables is not allowed. Use the Storage API instead.'
      using hint = 'This prevents accidental data loss from orphaned objects.',
            errcode = '42501';
  end if;
  return null;
end;
$$;

drop trigger if exists protect_buckets_delete on storage.buckets;
create trigger protect_buckets_delete
  before delete on storage.buckets
  for each statement
  execute function storage.protect_delete();

drop trigger if exists protect_objects_delete on storage.objects;
create trigger protect_objects_delete
  before delete on storage.objects
  for each statement
  execute function storage.protect_delete();

reset role;
