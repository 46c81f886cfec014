import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  TokenEmailMismatch,
  consumeOneTimeToken,
  findUserByEmail,
  findUserById,
  issueOneTimeToken,
  normalizeEmail,
  obfuscatedUserJson,
  randomToken,
  refreshSession,
  sessionExists,
  sha256Hex,
  startSession,
  userJson,
  type SessionReply,
  type UserRow,
} from './store.ts';
import { takeRateLimit, type RateLimitBucket } from './rate-limit.ts';
import { isCommonPassword } from './common-passwords.ts';
import { hashPassword, verifyPassword } from '../db/db.ts';
import { apiKeyError } from '../http/gateway.ts';
import {
  BodyTooLargeError,
  JSON_BODY_LIMIT,
  containsNul,
  header,
  isRecord,
  parseJson,
  readBody,
  send,
  sendJson,
} from '../http/util.ts';
import { bearerToken, verifyJwt } from './jwt.ts';
import { authEmail, sendEmail } from '../mail/mailer.ts';
import { takeEmailSlot, type AuthEmailKind } from './email-frequency.ts';
import { allowedRedirect } from './redirects.ts';
import type { StackContext } from '../stack-context.ts';

/** GoTrue's error: status, error code (sent as `code` and x-sb-error-code), message, extra body fields. */
class AuthError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

const API_VERSION = /^\d{4}-\d{2}-\d{2}$/;
// bcrypt only looks at the first 72 bytes; GoTrue refuses longer passwords (counted in bytes, as Go's len
// does) rather than truncating them.
const MAX_PASSWORD_BYTES = 72;
// GoTrue's limit on an email address (auth.users.email is varchar(255)).
const MAX_EMAIL_LENGTH = 255;
/**
 * A password-reset request takes at least this long whether or not the account exists, so its timing does
 * not tell. The work differs (an emailed link is stored only for an account) and takes a few milliseconds on
 * an idle machine; the floor leaves room for a machine many times slower.
 */
export const RECOVER_MIN_MS = 200;
// Compared against when the email is unknown, so a wrong email costs as long as a wrong password.
let dummyHash: Promise<string> | undefined;

function versionHeaders(req: IncomingMessage): Record<string, string> {
  const version = header(req, 'x-supabase-api-version');
  return version && API_VERSION.test(version) ? { 'x-supabase-api-version': version } : {};
}

function sendAuthError(req: IncomingMessage, res: ServerResponse, error: AuthError): void {
  const version = header(req, 'x-supabase-api-version');
  // Since API version 2024-01-01 the body is {code, message}; older clients get {code: status, error_code, msg}.
  const body =
    version && API_VERSION.test(version) && version >= '2024-01-01'
      ? { code: error.code, message: error.message, ...error.extra }
      : { code: error.status, error_code: error.code, msg: error.message, ...error.extra };
  sendJson(res, error.status, body, { 'x-sb-error-code': error.code, ...versionHeaders(req) });
}

function reply(req: IncomingMessage, res: ServerResponse, status: number, body: unknown): void {
  sendJson(res, status, body, versionHeaders(req));
}

async function readJsonBody(req: IncomingMessage): Promise<Record<string, unknown>> {
  let raw: Buffer;
  try {
    raw = await readBody(req, JSON_BODY_LIMIT);
  } catch (error) {
    if (error instanceof BodyTooLargeError)
      throw new AuthError(413, 'request_too_large', 'Request body too large');
    throw error;
  }
  if (raw.length === 0) return {};
  const parsed = parseJson(raw);
  if (!parsed.ok) {
    throw new AuthError(
      400,
      'bad_json',
      parsed.tooDeep ? 'Request body is nested too deeply' : 'Could not parse request body as JSON',
    );
  }
  if (!isRecord(parsed.value)) throw new AuthError(400, 'bad_json', 'Request body must be a JSON object');
  // Postgres text cannot hold U+0000: refuse it here rather than fail in the database.
  if (containsNul(parsed.value))
    throw new AuthError(400, 'validation_failed', 'Request body must not contain the character U+0000');
  return parsed.value;
}

function stringField(body: Record<string, unknown>, name: string): string | undefined {
  const value = body[name];
  return typeof value === 'string' ? value : undefined;
}

const EMAIL_FORMAT = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** GoTrue's checks on an email address given to sign up or recover, in its order. */
function validateEmail(email: string): void {
  if (email.length > MAX_EMAIL_LENGTH)
    throw new AuthError(400, 'validation_failed', 'An email address is too long');
  if (!EMAIL_FORMAT.test(email)) {
    throw new AuthError(400, 'validation_failed', 'Unable to validate email address: invalid format');
  }
}

function checkPassword(stack: StackContext, password: string): void {
  if (password.length < stack.config.minimumPasswordLength) {
    throw new AuthError(
      422,
      'weak_password',
      `Password should be at least ${stack.config.minimumPasswordLength} characters.`,
      { weak_password: { reasons: ['length'] } },
    );
  }
  if (Buffer.byteLength(password, 'utf8') > MAX_PASSWORD_BYTES) {
    throw new AuthError(
      422,
      'validation_failed',
      `Password cannot be longer than ${MAX_PASSWORD_BYTES} characters`,
    );
  }
  // Hosted Supabase's leaked-password protection answers this way (reason 'pwned'); here a bundled list.
  if (isCommonPassword(password)) {
    throw new AuthError(
      422,
      'weak_password',
      'Password is known to be weak and easy to guess, please choose a different one.',
      { weak_password: { reasons: ['pwned'] } },
    );
  }
}

/** How recent a sign-in must be for a password change when secure_password_change is on (GoTrue: 24 h). */
const REAUTHENTICATION_WINDOW_SECONDS = 24 * 60 * 60;

function verifyLink(
  stack: StackContext,
  token: string,
  type: 'signup' | 'recovery',
  redirectTo: string,
): string {
  const query = new URLSearchParams({ token, type, redirect_to: redirectTo });
  return `${stack.url}/auth/v1/verify?${query.toString()}`;
}

async function emailLink(
  stack: StackContext,
  tx: Parameters<typeof issueOneTimeToken>[1],
  user: UserRow,
  kind: 'confirmation' | 'recovery',
  redirectTo: string,
): Promise<void> {
  const { token, tokenHash } = await issueOneTimeToken(stack, tx, user, kind, redirectTo);
  const link = verifyLink(stack, token, kind === 'confirmation' ? 'signup' : 'recovery', redirectTo);
  const hours = Math.round(stack.config.otpExpiry / 3600);
  await sendEmail(stack, tx, authEmail(kind, user.email ?? '', link, tokenHash, hours, stack, redirectTo));
}

/**
 * [auth.email] max_frequency: refuses a second email of `kind` to one address within the interval, as GoTrue
 * does, and for every address alike (email-frequency.ts).
 */
function checkEmailFrequency(stack: StackContext, kind: AuthEmailKind, email: string): void {
  const wait = takeEmailSlot(stack, kind, normalizeEmail(email));
  if (wait > 0) {
    throw new AuthError(
      429,
      'over_email_send_rate_limit',
      `For security purposes, you can only request this after ${wait} seconds.`,
    );
  }
}

// ---------------------------------------------------------------------------------------------------------

async function signup(stack: StackContext, req: IncomingMessage, url: URL): Promise<unknown> {
  const body = await readJsonBody(req);
  const email = stringField(body, 'email')?.trim();
  const password = stringField(body, 'password');
  const data = isRecord(body.data) ? body.data : {};
  if (!email) throw new AuthError(400, 'validation_failed', 'To signup, please provide your email');
  validateEmail(email);
  if (password === undefined || password === '')
    throw new AuthError(400, 'validation_failed', 'Signup requires a valid password');
  checkPassword(stack, password);
  const redirectTo = allowedRedirect(stack, url.searchParams.get('redirect_to'));
  if (stack.config.enableConfirmations) checkEmailFrequency(stack, 'confirmation', email);
  // Hash before touching the database: bcrypt is slow and PGlite has a single connection.
  const hash = await hashPassword(password);

  return stack.db.transaction(async (tx) => {
    const existing = await findUserByEmail(tx, email);
    if (existing?.email_confirmed_at) return obfuscatedUserJson(email, data);
    if (existing) {
      // Not confirmed yet. The caller's identity is unproven, so the account stays exactly as it is
      // (password, metadata); as GoTrue does, only the confirmation email is sent again.
      if (!stack.config.enableConfirmations) return userJson(existing);
      await emailLink(stack, tx, existing, 'confirmation', redirectTo);
      return userJson((await findUserById(tx, existing.id)) ?? existing);
    }
    const inserted = await tx.query<{ id: string }>(
      `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, raw_app_meta_data,
         raw_user_meta_data, created_at, updated_at, is_anonymous, confirmation_token, recovery_token,
         email_change_token_new, email_change)
       values ('00000000-0000-0000-0000-000000000000', gen_random_uuid(), 'authenticated', 'authenticated',
         $1, $2, '{"provider":"email","providers":["email"]}'::jsonb, $3::text::jsonb, now(), now(), false,
         '', '', '', '')
       returning id::text as id`,
      [normalizeEmail(email), hash, JSON.stringify(data)],
    );
    const userId = inserted.rows[0]?.id ?? '';
    const user = await findUserById(tx, userId);
    if (!user) throw new Error('sign-up lost its user');
    if (!stack.config.enableConfirmations) {
      await tx.query('update auth.users set email_confirmed_at = now() where id = $1::text::uuid', [userId]);
      return startSession(stack, tx, userId, 'password');
    }
    await emailLink(stack, tx, user, 'confirmation', redirectTo);
    const fresh = await findUserById(tx, userId);
    return userJson(fresh ?? user);
  });
}

async function passwordGrant(stack: StackContext, req: IncomingMessage): Promise<SessionReply> {
  const body = await readJsonBody(req);
  const email = stringField(body, 'email');
  const password = stringField(body, 'password');
  if (!email || password === undefined)
    throw new AuthError(400, 'validation_failed', 'missing email or phone');
  // No account has an email this long; still compare a hash, so the answer takes as long as any other.
  const user = email.length > MAX_EMAIL_LENGTH ? undefined : await findUserByEmail(stack.db, email);
  dummyHash ??= hashPassword(randomToken());
  const matches = await verifyPassword(password, user?.encrypted_password || (await dummyHash));
  if (!user || !matches) throw new AuthError(400, 'invalid_credentials', 'Invalid login credentials');
  if (!user.email_confirmed_at) throw new AuthError(400, 'email_not_confirmed', 'Email not confirmed');
  if (user.banned_until && user.banned_until > new Date())
    throw new AuthError(400, 'user_banned', 'User is banned');
  return stack.db.transaction((tx) => startSession(stack, tx, user.id, 'password'));
}

async function refreshGrant(stack: StackContext, req: IncomingMessage): Promise<SessionReply> {
  const body = await readJsonBody(req);
  const token = stringField(body, 'refresh_token');
  if (!token)
    throw new AuthError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
  // Reuse detection revokes the token family and must stay revoked, so the outcome is returned (committing
  // the transaction) rather than thrown.
  const outcome = await stack.db.transaction((tx) => refreshSession(stack, tx, token));
  if (outcome.ok) return outcome.session;
  if (outcome.code === 'refresh_token_already_used') {
    throw new AuthError(400, outcome.code, 'Invalid Refresh Token: Already Used');
  }
  if (outcome.code === 'user_banned') throw new AuthError(400, outcome.code, 'User is banned');
  throw new AuthError(400, outcome.code, 'Invalid Refresh Token: Refresh Token Not Found');
}

async function recover(stack: StackContext, req: IncomingMessage, url: URL): Promise<unknown> {
  const body = await readJsonBody(req);
  const email = stringField(body, 'email')?.trim();
  if (!email) throw new AuthError(400, 'validation_failed', 'Password recovery requires an email');
  validateEmail(email);
  const redirectTo = allowedRedirect(stack, url.searchParams.get('redirect_to'));
  checkEmailFrequency(stack, 'recovery', email);
  const started = performance.now();
  await stack.db.transaction(async (tx) => {
    const user = await findUserByEmail(tx, email);
    if (user) await emailLink(stack, tx, user, 'recovery', redirectTo);
  });
  // The same answer, after the same time, whether or not the account exists (no enumeration).
  const remaining = RECOVER_MIN_MS - (performance.now() - started);
  if (remaining > 0) await new Promise((resolve) => setTimeout(resolve, remaining));
  return {};
}

function sessionHash(session: SessionReply, type: string): string {
  return new URLSearchParams({
    access_token: session.access_token,
    expires_at: String(session.expires_at),
    expires_in: String(session.expires_in),
    refresh_token: session.refresh_token,
    token_type: 'bearer',
    type,
  }).toString();
}

const OTP_EXPIRED_HASH = new URLSearchParams({
  error: 'access_denied',
  error_code: 'otp_expired',
  error_description: 'Email link is invalid or has expired',
}).toString();

function withHash(target: string, hash: string): string {
  const hashAt = target.indexOf('#');
  return `${hashAt >= 0 ? target.slice(0, hashAt) : target}#${hash}`;
}

/** The emailed link: verifies, then 303s back to the site with the session (or the error) in the hash. */
async function verifyByLink(stack: StackContext, res: ServerResponse, url: URL): Promise<void> {
  const token = url.searchParams.get('token') ?? '';
  const type = url.searchParams.get('type') ?? '';
  const target = allowedRedirect(stack, url.searchParams.get('redirect_to'));
  const session = token
    ? await stack.db.transaction(async (tx) => {
        const used = await consumeOneTimeToken(tx, sha256Hex(token), type, null);
        if (!used) return null;
        return startSession(stack, tx, used.userId, used.kind === 'recovery' ? 'recovery' : 'otp');
      })
    : null;
  const location = withHash(target, session ? sessionHash(session, type) : OTP_EXPIRED_HASH);
  send(res, 303, null, { location, 'cache-control': 'no-store' });
}

async function verifyByPost(stack: StackContext, req: IncomingMessage): Promise<SessionReply> {
  const body = await readJsonBody(req);
  const type = stringField(body, 'type');
  if (!type) throw new AuthError(400, 'validation_failed', 'Verify requires a verification type');
  const tokenHash = stringField(body, 'token_hash');
  const token = stringField(body, 'token');
  const email = stringField(body, 'email');
  let hash: string;
  if (tokenHash) hash = tokenHash.toLowerCase();
  else if (token && email) hash = sha256Hex(token);
  else throw new AuthError(400, 'validation_failed', 'Verify requires either a token or a token hash');
  const expired = new AuthError(403, 'otp_expired', 'Email link is invalid or has expired');
  try {
    return await stack.db.transaction(async (tx) => {
      const used = await consumeOneTimeToken(tx, hash, type, tokenHash ? null : (email ?? null));
      if (!used) throw expired;
      return startSession(stack, tx, used.userId, used.kind === 'recovery' ? 'recovery' : 'otp');
    });
  } catch (error) {
    if (error instanceof TokenEmailMismatch) throw expired;
    throw error;
  }
}

type Authenticated = { userId: string; sessionId: string | null };

/** The bearer must be a user's access token whose user (and session, if named) still exist. */
async function requireUser(stack: StackContext, req: IncomingMessage): Promise<Authenticated> {
  const token = bearerToken(header(req, 'authorization'));
  if (!token) throw new AuthError(401, 'no_authorization', 'This endpoint requires a valid Bearer token');
  const verified = await verifyJwt(token, stack.keys);
  if (!verified.ok) {
    const why =
      verified.reason === 'expired' ? 'token has invalid claims: token is expired' : verified.message;
    throw new AuthError(403, 'bad_jwt', `invalid JWT: unable to parse or verify signature, ${why}`);
  }
  const sub = verified.claims.sub;
  if (typeof sub !== 'string' || !/^[0-9a-f-]{36}$/i.test(sub)) {
    throw new AuthError(403, 'bad_jwt', 'invalid claim: missing sub claim');
  }
  const sessionId = typeof verified.claims.session_id === 'string' ? verified.claims.session_id : null;
  return { userId: sub, sessionId };
}

async function loadAuthenticatedUser(
  tx: Parameters<typeof findUserById>[0],
  auth: Authenticated,
): Promise<UserRow> {
  const user = await findUserById(tx, auth.userId);
  if (!user || user.deleted_at)
    throw new AuthError(403, 'user_not_found', 'User from sub claim in JWT does not exist');
  if (
    auth.sessionId &&
    /^[0-9a-f-]{36}$/i.test(auth.sessionId) &&
    !(await sessionExists(tx, auth.sessionId))
  ) {
    throw new AuthError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist');
  }
  return user;
}

/** The token's session began (a sign-in or a verified link) within the re-authentication window. */
async function signedInRecently(stack: StackContext, auth: Authenticated): Promise<boolean> {
  if (!auth.sessionId || !/^[0-9a-f-]{36}$/i.test(auth.sessionId)) return false;
  const result = await stack.db.query<{ recent: boolean }>(
    `select created_at > now() - make_interval(secs => $2::text::int) as recent
     from auth.sessions where id = $1::text::uuid`,
    [auth.sessionId, String(REAUTHENTICATION_WINDOW_SECONDS)],
  );
  return result.rows[0]?.recent === true;
}

async function getUser(stack: StackContext, req: IncomingMessage): Promise<unknown> {
  const auth = await requireUser(stack, req);
  const user = await stack.db.transaction((tx) => loadAuthenticatedUser(tx, auth));
  return userJson(user);
}

async function updateUser(stack: StackContext, req: IncomingMessage): Promise<unknown> {
  const auth = await requireUser(stack, req);
  const body = await readJsonBody(req);
  const current = await stack.db.transaction((tx) => loadAuthenticatedUser(tx, auth));
  const email = stringField(body, 'email');
  if (email !== undefined && normalizeEmail(email) !== normalizeEmail(current.email ?? '')) {
    throw new AuthError(
      422,
      'validation_failed',
      'Changing the email address is not supported by the local stack',
    );
  }
  const password = stringField(body, 'password');
  let hash: string | null = null;
  if (password !== undefined) {
    checkPassword(stack, password);
    if (stack.config.securePasswordChange && !(await signedInRecently(stack, auth))) {
      // GoTrue then wants a nonce from /reauthenticate; the local stack sends none, so it always refuses.
      throw new AuthError(400, 'reauthentication_needed', 'Password update requires reauthentication');
    }
    if (current.encrypted_password && (await verifyPassword(password, current.encrypted_password))) {
      throw new AuthError(422, 'same_password', 'New password should be different from the old password.');
    }
    hash = await hashPassword(password);
  }
  const data = isRecord(body.data) ? body.data : null;
  const updated = await stack.db.transaction(async (tx) => {
    await loadAuthenticatedUser(tx, auth);
    if (hash) {
      await tx.query(
        'update auth.users set encrypted_password = $2, updated_at = now() where id = $1::text::uuid',
        [auth.userId, hash],
      );
      // As GoTrue: a new password signs out every other session and voids outstanding emailed links.
      await tx.query(
        'delete from auth.sessions where user_id = $1::text::uuid and id is distinct from $2::text::uuid',
        [auth.userId, auth.sessionId],
      );
      await tx.query('delete from auth.one_time_tokens where user_id = $1::text::uuid', [auth.userId]);
    }
    if (data) {
      await tx.query(
        `update auth.users set raw_user_meta_data = coalesce(raw_user_meta_data, '{}'::jsonb) || $2::text::jsonb,
           updated_at = now() where id = $1::text::uuid`,
        [auth.userId, JSON.stringify(data)],
      );
    }
    return findUserById(tx, auth.userId);
  });
  if (!updated) throw new AuthError(403, 'user_not_found', 'User from sub claim in JWT does not exist');
  return userJson(updated);
}

async function logout(stack: StackContext, req: IncomingMessage, url: URL): Promise<void> {
  const auth = await requireUser(stack, req);
  const scope = url.searchParams.get('scope') ?? 'global';
  if (!['global', 'local', 'others'].includes(scope)) {
    throw new AuthError(
      400,
      'validation_failed',
      "Unsupported logout scope, must be one of 'global', 'local' or 'others'",
    );
  }
  await stack.db.transaction(async (tx) => {
    if (scope === 'others') {
      if (!auth.sessionId) return;
      await tx.query('delete from auth.sessions where user_id = $1::text::uuid and id <> $2::text::uuid', [
        auth.userId,
        auth.sessionId,
      ]);
    } else if (scope === 'local' && auth.sessionId) {
      await tx.query('delete from auth.sessions where id = $1::text::uuid', [auth.sessionId]);
    } else {
      await tx.query('delete from auth.sessions where user_id = $1::text::uuid', [auth.userId]);
    }
  });
}

function settings(stack: StackContext): unknown {
  return {
    external: {
      anonymous_users: false,
      apple: false,
      azure: false,
      bitbucket: false,
      discord: false,
      facebook: false,
      figma: false,
      github: false,
      gitlab: false,
      google: false,
      keycloak: false,
      kakao: false,
      linkedin_oidc: false,
      notion: false,
      spotify: false,
      slack_oidc: false,
      twitch: false,
      twitter: false,
      workos: false,
      zoom: false,
      email: true,
      phone: false,
    },
    disable_signup: false,
    mailer_autoconfirm: !stack.config.enableConfirmations,
    phone_autoconfirm: false,
    sms_provider: '',
    saml_enabled: false,
  };
}

/** Which rate limit a request counts against, if any (hosted Supabase's [auth.rate_limit] buckets). */
function rateLimitBucket(method: string, path: string, url: URL): RateLimitBucket | null {
  if (path === '/verify') return 'tokenVerifications';
  if (method !== 'POST') return null;
  if (path === '/signup' || path === '/recover') return 'signInSignUps';
  if (path === '/token' && url.searchParams.get('grant_type') === 'password') return 'signInSignUps';
  return null;
}

/** `/auth/v1/*`: `path` is what follows /auth/v1. */
export async function handleAuth(
  stack: StackContext,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  path: string,
): Promise<void> {
  const method = req.method ?? 'GET';
  try {
    const bucket = rateLimitBucket(method, path, url);
    if (bucket && !takeRateLimit(stack, bucket, req.socket.remoteAddress ?? 'unknown')) {
      throw new AuthError(429, 'over_request_rate_limit', 'Request rate limit reached');
    }
    // The emailed link is opened from a mail client: no apikey, as on hosted Supabase.
    if (path === '/verify' && method === 'GET') return await verifyByLink(stack, res, url);
    // The public half of the signing keys, for anyone verifying a user's token (getClaims): no apikey needed.
    if (path === '/.well-known/jwks.json' && method === 'GET') return reply(req, res, 200, stack.keys.jwks);
    const keyError = apiKeyError(stack, req, url);
    if (keyError) return sendJson(res, 401, keyError);

    if (path === '/health' && method === 'GET') {
      return reply(req, res, 200, {
        version: 'local',
        name: 'GoTrue',
        description: 'Local stack auth (GoTrue-compatible subset)',
      });
    }
    if (path === '/settings' && method === 'GET') return reply(req, res, 200, settings(stack));
    if (path === '/signup' && method === 'POST') return reply(req, res, 200, await signup(stack, req, url));
    if (path === '/token' && method === 'POST') {
      const grant = url.searchParams.get('grant_type');
      if (grant === 'password') return reply(req, res, 200, await passwordGrant(stack, req));
      if (grant === 'refresh_token') return reply(req, res, 200, await refreshGrant(stack, req));
      throw new AuthError(400, 'unsupported_grant_type', 'unsupported_grant_type');
    }
    if (path === '/recover' && method === 'POST') return reply(req, res, 200, await recover(stack, req, url));
    if (path === '/verify' && method === 'POST') return reply(req, res, 200, await verifyByPost(stack, req));
    if (path === '/user' && method === 'GET') return reply(req, res, 200, await getUser(stack, req));
    if (path === '/user' && method === 'PUT') return reply(req, res, 200, await updateUser(stack, req));
    if (path === '/logout' && method === 'POST') {
      await logout(stack, req, url);
      return send(res, 204, null, versionHeaders(req));
    }
    throw new AuthError(404, 'not_found', 'Not Found');
  } catch (error) {
    if (error instanceof AuthError) return sendAuthError(req, res, error);
    throw error;
  }
}
