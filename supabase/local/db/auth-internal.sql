-- The local stack's own auth state, next to auth.users (db/bootstrap.sql). Hosted Supabase keeps the same kind
-- of data in GoTrue's tables; these shapes are the stack's own and are never deployed. Applied by db/db.ts
-- after db/bootstrap.sql. The API roles get no privileges at all: only the stack (as the superuser) reads or
-- writes here, so no REST call can reach a token, a session or an email.

-- Sessions (auth.sessions) and their methods (auth.mfa_amr_claims) have hosted's shape: db/bootstrap.sql.

-- Refresh tokens, stored as sha256 hex. Each refresh revokes the presented token and issues a child
-- (parent = the presented one), so a token family can be traced and revoked when an old token is replayed.
create table if not exists auth.refresh_tokens (
  id bigserial primary key,
  token_hash text not null unique,
  user_id uuid not null references auth.users (id) on delete cascade,
  session_id uuid not null references auth.sessions (id) on delete cascade,
  parent bigint references auth.refresh_tokens (id) on delete set null,
  revoked boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index if not exists refresh_tokens_session_id_idx on auth.refresh_tokens (session_id);
create index if not exists refresh_tokens_parent_idx on auth.refresh_tokens (parent);

-- Emailed confirmation and recovery tokens: only the sha256 hex of the token is kept (GoTrue's token_hash,
-- which verifyOtp({ token_hash }) sends). One use, then used_at is set; expired or used tokens never verify.
create table if not exists auth.one_time_tokens (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  token_type text not null check (token_type in ('confirmation', 'recovery')),
  token_hash text not null unique,
  relates_to text not null,
  redirect_to text,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz
);
create index if not exists one_time_tokens_user_id_idx on auth.one_time_tokens (user_id, token_type);

-- Every email the stack would have sent, for the local inbox (/_local/inbox).
create table if not exists auth.email_outbox (
  id bigserial primary key,
  to_email text not null,
  subject text not null,
  text_body text not null,
  html_body text not null,
  created_at timestamptz not null default now()
);
create index if not exists email_outbox_to_email_idx on auth.email_outbox (lower(to_email));

alter table auth.refresh_tokens enable row level security;
alter table auth.one_time_tokens enable row level security;
alter table auth.email_outbox enable row level security;

revoke all on auth.refresh_tokens, auth.one_time_tokens, auth.email_outbox
  from public, anon, authenticated, service_role;
revoke all on sequence auth.refresh_tokens_id_seq, auth.email_outbox_id_seq
  from public, anon, authenticated, service_role;
