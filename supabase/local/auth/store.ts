import { createHash, randomBytes } from 'node:crypto';
import type { Transaction } from '../db/engine.ts';
import { nowSeconds, signJwt } from './jwt.ts';
import type { StackContext } from '../stack-context.ts';

/** auth.users columns the auth server reads. */
export type UserRow = {
  id: string;
  aud: string | null;
  role: string | null;
  email: string | null;
  encrypted_password: string | null;
  email_confirmed_at: Date | null;
  confirmation_sent_at: Date | null;
  recovery_sent_at: Date | null;
  last_sign_in_at: Date | null;
  raw_app_meta_data: Record<string, unknown> | null;
  raw_user_meta_data: Record<string, unknown> | null;
  created_at: Date | null;
  updated_at: Date | null;
  phone: string | null;
  confirmed_at: Date | null;
  is_anonymous: boolean;
  banned_until: Date | null;
  deleted_at: Date | null;
};

const USER_COLUMNS = `id, aud, role, email, encrypted_password, email_confirmed_at, confirmation_sent_at,
  recovery_sent_at, last_sign_in_at, raw_app_meta_data, raw_user_meta_data, created_at, updated_at, phone,
  confirmed_at, is_anonymous, banned_until, deleted_at`;

export function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** A random URL-safe token (for links and refresh tokens). */
export function randomToken(bytes = 24): string {
  return randomBytes(bytes).toString('base64url');
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** A transaction, or the database itself for a single read outside one. */
export type Queryable = Pick<Transaction, 'query'>;

export async function findUserByEmail(tx: Queryable, email: string): Promise<UserRow | undefined> {
  const result = await tx.query<UserRow>(
    `select ${USER_COLUMNS} from auth.users where lower(email) = $1 and deleted_at is null`,
    [normalizeEmail(email)],
  );
  return result.rows[0];
}

export async function findUserById(tx: Queryable, id: string): Promise<UserRow | undefined> {
  const result = await tx.query<UserRow>(`select ${USER_COLUMNS} from auth.users where id = $1::text::uuid`, [
    id,
  ]);
  return result.rows[0];
}

const iso = (value: Date | null | undefined): string | undefined => (value ? value.toISOString() : undefined);

function appMetadata(user: UserRow): Record<string, unknown> {
  return user.raw_app_meta_data ?? { provider: 'email', providers: ['email'] };
}

/** Deterministic per user, so the synthesized email identity keeps its id across calls. */
function identityId(userId: string): string {
  const hex = sha256Hex(`identity:${userId}`);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * The user object GoTrue returns (fields it omits when empty are omitted). Identities are not stored by
 * the local stack: every user has exactly one, the email identity.
 */
export function userJson(user: UserRow, options: { identities?: unknown[] } = {}): Record<string, unknown> {
  const email = user.email ?? '';
  const identities = options.identities ?? [
    {
      identity_id: identityId(user.id),
      id: user.id,
      user_id: user.id,
      identity_data: {
        email,
        email_verified: user.email_confirmed_at !== null,
        phone_verified: false,
        sub: user.id,
      },
      provider: 'email',
      last_sign_in_at: iso(user.last_sign_in_at ?? user.created_at),
      created_at: iso(user.created_at),
      updated_at: iso(user.updated_at),
      email,
    },
  ];
  const json: Record<string, unknown> = {
    id: user.id,
    aud: user.aud ?? 'authenticated',
    role: user.role ?? 'authenticated',
    email,
    email_confirmed_at: iso(user.email_confirmed_at),
    phone: user.phone ?? '',
    confirmation_sent_at: iso(user.confirmation_sent_at),
    confirmed_at: iso(user.confirmed_at),
    recovery_sent_at: iso(user.recovery_sent_at),
    last_sign_in_at: iso(user.last_sign_in_at),
    app_metadata: appMetadata(user),
    user_metadata: user.raw_user_meta_data ?? {},
    identities,
    created_at: iso(user.created_at),
    updated_at: iso(user.updated_at),
    is_anonymous: user.is_anonymous,
  };
  for (const key of Object.keys(json)) if (json[key] === undefined) delete json[key];
  return json;
}

/**
 * What GoTrue answers when someone signs up with an already-confirmed email: a plausible fake user (new
 * random id, no identities), so the reply does not reveal that the account exists.
 */
export function obfuscatedUserJson(email: string, data: Record<string, unknown>): Record<string, unknown> {
  const now = new Date().toISOString();
  return {
    id: crypto.randomUUID(),
    aud: 'authenticated',
    role: '',
    email: normalizeEmail(email),
    phone: '',
    confirmation_sent_at: now,
    app_metadata: { provider: 'email', providers: ['email'] },
    user_metadata: data,
    identities: [],
    created_at: now,
    updated_at: now,
    is_anonymous: false,
  };
}

export type SessionReply = {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  expires_at: number;
  refresh_token: string;
  user: Record<string, unknown>;
};

export type AmrMethod = 'password' | 'otp' | 'recovery';

async function accessToken(
  stack: StackContext,
  user: UserRow,
  sessionId: string,
  amr: { method: string; timestamp: number }[],
): Promise<{ token: string; expiresAt: number }> {
  const iat = nowSeconds();
  const expiresAt = iat + stack.config.jwtExpiry;
  const token = await signJwt(
    {
      aud: 'authenticated',
      exp: expiresAt,
      iat,
      iss: `${stack.url}/auth/v1`,
      sub: user.id,
      email: user.email ?? '',
      phone: user.phone ?? '',
      app_metadata: appMetadata(user),
      user_metadata: user.raw_user_meta_data ?? {},
      role: 'authenticated',
      aal: 'aal1',
      amr,
      session_id: sessionId,
      is_anonymous: user.is_anonymous,
    },
    stack.keys,
  );
  return { token, expiresAt };
}

async function reply(
  stack: StackContext,
  user: UserRow,
  sessionId: string,
  refreshToken: string,
  amr: { method: string; timestamp: number }[],
): Promise<SessionReply> {
  const { token, expiresAt } = await accessToken(stack, user, sessionId, amr);
  return {
    access_token: token,
    token_type: 'bearer',
    expires_in: stack.config.jwtExpiry,
    expires_at: expiresAt,
    refresh_token: refreshToken,
    user: userJson(user),
  };
}

async function insertRefreshToken(
  tx: Transaction,
  userId: string,
  sessionId: string,
  parent: string | null,
): Promise<string> {
  const token = randomToken(16);
  await tx.query(
    `insert into auth.refresh_tokens (token_hash, user_id, session_id, parent)
     values ($1, $2::text::uuid, $3::text::uuid, $4::text::bigint)`,
    [sha256Hex(token), userId, sessionId, parent],
  );
  return token;
}

/** A new session (sign-in or verified link): session row, first refresh token, access token. */
export async function startSession(
  stack: StackContext,
  tx: Transaction,
  userId: string,
  method: AmrMethod,
): Promise<SessionReply> {
  await tx.query('update auth.users set last_sign_in_at = now() where id = $1::text::uuid', [userId]);
  const user = await findUserById(tx, userId);
  if (!user) throw new Error('user vanished while signing in');
  const session = await tx.query<{ id: string }>(
    'insert into auth.sessions (user_id) values ($1::text::uuid) returning id',
    [userId],
  );
  const sessionId = session.rows[0]?.id;
  if (!sessionId) throw new Error('could not create session');
  // As GoTrue: the method a session began with is kept (auth.mfa_amr_claims) and every token of the session,
  // refreshed or not, carries it with its original time (policies and claim_my_account read it).
  await tx.query(
    'insert into auth.mfa_amr_claims (session_id, authentication_method) values ($1::text::uuid, $2)',
    [sessionId, method],
  );
  const refreshToken = await insertRefreshToken(tx, userId, sessionId, null);
  return reply(stack, user, sessionId, refreshToken, await sessionAmr(tx, sessionId));
}

export type RefreshOutcome =
  | { ok: true; session: SessionReply }
  | { ok: false; code: 'refresh_token_not_found' | 'refresh_token_already_used' | 'user_banned' };

type TokenRow = {
  id: string;
  user_id: string;
  session_id: string;
  revoked: boolean;
  revoked_seconds_ago: number;
  created_at: Date;
};

/**
 * The refresh_token grant with rotation. A revoked token presented again within the reuse interval gets
 * the session's current token back (two tabs refreshing at once); later, it is treated as stolen: the
 * whole family (session) is revoked and the answer is refresh_token_already_used.
 */
export async function refreshSession(
  stack: StackContext,
  tx: Transaction,
  presented: string,
): Promise<RefreshOutcome> {
  const found = await tx.query<TokenRow>(
    `select rt.id::text as id, rt.user_id::text as user_id, rt.session_id::text as session_id, rt.revoked,
            extract(epoch from now() - rt.updated_at)::float8 as revoked_seconds_ago, s.created_at
     from auth.refresh_tokens rt join auth.sessions s on s.id = rt.session_id
     where rt.token_hash = $1`,
    [sha256Hex(presented)],
  );
  const row = found.rows[0];
  if (!row) return { ok: false, code: 'refresh_token_not_found' };
  const user = await findUserById(tx, row.user_id);
  if (!user || user.deleted_at) return { ok: false, code: 'refresh_token_not_found' };
  if (user.banned_until && user.banned_until > new Date()) return { ok: false, code: 'user_banned' };
  const amr = await sessionAmr(tx, row.session_id);

  if (row.revoked) {
    const child = await tx.query<{ id: string }>(
      `select id::text as id from auth.refresh_tokens
       where parent = $1::text::bigint and not revoked order by id desc limit 1`,
      [row.id],
    );
    const activeChild = child.rows[0];
    if (activeChild && row.revoked_seconds_ago < stack.config.refreshTokenReuseInterval) {
      // GoTrue hands back the active child itself; its plaintext is not stored here, so issue a sibling
      // instead (same parent) and leave the child valid: both racing tabs end up with a working token.
      const next = await insertRefreshToken(tx, row.user_id, row.session_id, row.id);
      return { ok: true, session: await reply(stack, user, row.session_id, next, amr) };
    }
    await tx.query(
      'update auth.refresh_tokens set revoked = true, updated_at = now() where session_id = $1::text::uuid',
      [row.session_id],
    );
    return { ok: false, code: 'refresh_token_already_used' };
  }

  await tx.query(
    'update auth.refresh_tokens set revoked = true, updated_at = now() where id = $1::text::bigint',
    [row.id],
  );
  await tx.query(
    'update auth.sessions set refreshed_at = now(), updated_at = now() where id = $1::text::uuid',
    [row.session_id],
  );
  const next = await insertRefreshToken(tx, row.user_id, row.session_id, row.id);
  return { ok: true, session: await reply(stack, user, row.session_id, next, amr) };
}

/** The session's authentication methods with the time each was used, as GoTrue puts them in `amr`. */
async function sessionAmr(tx: Queryable, sessionId: string): Promise<{ method: string; timestamp: number }[]> {
  const claims = await tx.query<{ method: string; at: number }>(
    `select authentication_method as method, extract(epoch from created_at)::float8 as at
     from auth.mfa_amr_claims where session_id = $1::text::uuid order by created_at desc`,
    [sessionId],
  );
  return claims.rows.map((claim) => ({ method: claim.method, timestamp: Math.floor(Number(claim.at)) }));
}

export async function sessionExists(tx: Queryable, sessionId: string): Promise<boolean> {
  const result = await tx.query('select 1 from auth.sessions where id = $1::text::uuid', [sessionId]);
  return result.rows.length > 0;
}

export type TokenKind = 'confirmation' | 'recovery';

/**
 * Issues a one-time link token: only its sha256 is stored; earlier unused tokens of the same kind for the
 * user stop working (only the newest emailed link is valid, as in GoTrue).
 */
export async function issueOneTimeToken(
  stack: StackContext,
  tx: Transaction,
  user: UserRow,
  kind: TokenKind,
  redirectTo: string,
): Promise<{ token: string; tokenHash: string }> {
  const token = randomToken(24);
  const tokenHash = sha256Hex(token);
  await tx.query('delete from auth.one_time_tokens where user_id = $1::text::uuid and token_type = $2', [
    user.id,
    kind,
  ]);
  await tx.query(
    `insert into auth.one_time_tokens (user_id, token_type, token_hash, relates_to, redirect_to, expires_at)
     values ($1::text::uuid, $2, $3, $4, $5, now() + make_interval(secs => $6::text::int))`,
    [user.id, kind, tokenHash, user.email ?? '', redirectTo, String(stack.config.otpExpiry)],
  );
  // Fixed column names chosen by kind (never request text).
  const column = kind === 'confirmation' ? 'confirmation' : 'recovery';
  await tx.query(
    `update auth.users set ${column}_token = $2, ${column}_sent_at = now(), updated_at = now()
     where id = $1::text::uuid`,
    [user.id, tokenHash],
  );
  return { token, tokenHash };
}

/** Token kinds each verify `type` accepts. */
export const VERIFY_TYPES: Record<string, TokenKind[]> = {
  signup: ['confirmation'],
  email: ['confirmation'],
  magiclink: ['confirmation'],
  recovery: ['recovery'],
};

/**
 * Uses a one-time token: valid only once and before expiry. Marks it used, confirms the email (a recovery
 * link proves the address too) and returns the user id; null when invalid, used or expired.
 */
export async function consumeOneTimeToken(
  tx: Transaction,
  tokenHash: string,
  type: string,
  email: string | null,
): Promise<{ userId: string; kind: TokenKind } | null> {
  const kinds = VERIFY_TYPES[type];
  if (!kinds) return null;
  const result = await tx.query<{ user_id: string; token_type: TokenKind; relates_to: string }>(
    `update auth.one_time_tokens set used_at = now()
     where token_hash = $1 and used_at is null and expires_at > now() and token_type = any($2::text[])
     returning user_id::text as user_id, token_type, relates_to`,
    [tokenHash, `{${kinds.join(',')}}`],
  );
  const row = result.rows[0];
  if (!row) return null;
  if (email !== null && normalizeEmail(row.relates_to) !== normalizeEmail(email)) {
    throw new TokenEmailMismatch();
  }
  await tx.query(
    `update auth.users set email_confirmed_at = coalesce(email_confirmed_at, now()), updated_at = now(),
       ${row.token_type === 'confirmation' ? 'confirmation_token' : 'recovery_token'} = ''
     where id = $1::text::uuid`,
    [row.user_id],
  );
  return { userId: row.user_id, kind: row.token_type };
}

/** Thrown inside the transaction so the token stays unused when the email does not match. */
export class TokenEmailMismatch extends Error {}
