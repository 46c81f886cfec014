import { existsSync, readFileSync } from 'node:fs';
import {
  request as httpRequest,
  type IncomingMessage,
  type OutgoingHttpHeaders,
  type ServerResponse,
} from 'node:http';
import path from 'node:path';
import { WorkerBootError } from './workers.ts';
import { BodyTooLargeError, JSON_BODY_LIMIT, header, readBody, sendJson } from '../http/util.ts';
import { bearerToken, verifyJwt } from '../auth/jwt.ts';
import { schedulerFunctionEnvironment } from '../scheduler/settings.ts';
import { DEPLOY_HOOK_PATH } from '../deploy-hook.ts';
import { LOCAL_EMAIL_FROM, LOCAL_RESEND_API_KEY, RESEND_STAND_IN_PATH } from '../mail/resend.ts';
import { standInFunctionEnvironment } from '../stripe/settings.ts';
import type { StackContext } from '../stack-context.ts';
import type { StackKeys } from '../keys.ts';

const FUNCTION_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'upgrade',
  'proxy-connection',
  'te',
  'trailer',
]);

/** KEY=VALUE lines of supabase/functions/.env (what `supabase functions serve` reads too). */
function dotEnv(file: string): Record<string, string> {
  if (!existsSync(file)) return {};
  const env: Record<string, string> = {};
  for (const line of readFileSync(file, 'utf8').split(/\r?\n/)) {
    const match = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*?)\s*$/.exec(line);
    if (!match || line.trim().startsWith('#')) continue;
    env[match[1] ?? ''] = (match[2] ?? '').replace(/^(['"])(.*)\1$/, '$2');
  }
  return env;
}

/**
 * The keys as the platform gives them to a function. New model: hosted's SUPABASE_PUBLISHABLE_KEYS,
 * SUPABASE_SECRET_KEYS (JSON by key name) and SUPABASE_JWKS, and the CLI's SUPABASE_PUBLISHABLE_KEY and
 * SUPABASE_SECRET_KEY; no legacy keys (a project created today has none). Legacy: the anon and service-role JWTs.
 */
function keyEnvironment(keys: StackKeys): Record<string, string> {
  if (keys.model === 'legacy') {
    return { SUPABASE_ANON_KEY: keys.publishableKey, SUPABASE_SERVICE_ROLE_KEY: keys.secretKey };
  }
  return {
    SUPABASE_PUBLISHABLE_KEYS: JSON.stringify({ default: keys.publishableKey }),
    SUPABASE_SECRET_KEYS: JSON.stringify({ default: keys.secretKey }),
    SUPABASE_JWKS: JSON.stringify(keys.jwks),
    SUPABASE_PUBLISHABLE_KEY: keys.publishableKey,
    SUPABASE_SECRET_KEY: keys.secretKey,
  };
}

/** What a deployed function finds in Deno.env, pointed at this stack. */
export function functionEnvironment(stack: StackContext): Record<string, string> {
  // Secrets a deployer sets with `supabase secrets set`: Stripe's, and the audio links' lifetime.
  const stripe = Object.fromEntries(
    Object.entries(process.env).filter(
      (entry): entry is [string, string] =>
        (entry[0].startsWith('STRIPE_') || entry[0] === 'AUDIO_URL_SECONDS') && entry[1] !== undefined,
    ),
  );
  const given = { ...dotEnv(path.join(stack.functionsDir, '.env')), ...stripe };
  // Without a Stripe key of its own, the stack points the functions at its Stripe stand-in.
  const stripeDefaults = given.STRIPE_SECRET_KEY ? {} : standInFunctionEnvironment(stack.url);
  // Without a Resend key of its own, receipts go to the stack's Resend stand-in (and so the local inbox).
  const emailDefaults: Record<string, string> = given.RESEND_API_KEY
    ? {}
    : {
        RESEND_API_KEY: LOCAL_RESEND_API_KEY,
        RESEND_API_URL: `${stack.url}${RESEND_STAND_IN_PATH}`,
        EMAIL_FROM: LOCAL_EMAIL_FROM,
        PRACTICE_NAME: 'Mindful Change Hypnotherapy',
        PRACTICE_ADDRESS: 'Local development, 1 Test Street, London, EC1A 1AA',
      };
  return {
    ...stripeDefaults,
    // The deploy-hook stand-in unless .env gives the host's hook (docs/catalogue-rebuild.md).
    SITE_REBUILD_HOOK_URL: `${stack.url}${DEPLOY_HOOK_PATH}`,
    // The scheduler stand-in's signing key unless .env gives CALENDLY_WEBHOOK_SIGNING_KEY.
    ...schedulerFunctionEnvironment(),
    ...emailDefaults,
    ...given,
    SUPABASE_URL: stack.url,
    ...keyEnvironment(stack.keys),
    // Functions talk to the database through the APIs; there is no Postgres port in the local stack.
    SUPABASE_DB_URL: 'postgresql://postgres:postgres@127.0.0.1:54322/postgres',
    SITE_URL: stack.siteUrl,
    ...stack.functionEnv,
  };
}

function gatewayError(
  res: ServerResponse,
  status: number,
  message: string,
  code: number | string = status,
): void {
  sendJson(res, status, { code, message });
}

/** `/functions/v1/<name>[/…]`: runs supabase/functions/<name>/index.ts behind the gateway's JWT check. */
export async function handleFunctions(
  stack: StackContext,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  path_: string,
): Promise<void> {
  const [name = '', ...rest] = path_.split('/').filter(Boolean);
  const file = path.join(stack.functionsDir, name, 'index.ts');
  if (!FUNCTION_NAME.test(name) || !existsSync(file)) {
    return gatewayError(res, 404, 'Requested function was not found', 'NOT_FOUND');
  }
  const method = req.method ?? 'GET';
  // Preflights carry no Authorization header; the function answers OPTIONS itself.
  if (method !== 'OPTIONS' && stack.config.functions[name]?.verifyJwt !== false) {
    const token = bearerToken(header(req, 'authorization'));
    if (!token) return gatewayError(res, 401, 'Missing authorization header');
    // As hosted, the gate lets an API key through without authenticating anyone.
    const apiKey = token === stack.keys.publishableKey || token === stack.keys.secretKey;
    if (!apiKey && !(await verifyJwt(token, stack.keys)).ok) return gatewayError(res, 401, 'Invalid JWT');
  }
  let body: Buffer | undefined;
  if (method !== 'GET' && method !== 'HEAD') {
    try {
      body = await readBody(req, JSON_BODY_LIMIT);
    } catch (error) {
      if (error instanceof BodyTooLargeError) return gatewayError(res, 413, 'Request body too large');
      throw error;
    }
  }
  const headers: OutgoingHttpHeaders = {};
  for (const [key, value] of Object.entries(req.headers)) {
    if (HOP_BY_HOP.has(key) || key === 'content-length' || value === undefined) continue;
    headers[key] = value;
  }
  if (body) headers['content-length'] = String(body.length);

  let lease;
  try {
    lease = await stack.functions.acquire(name);
  } catch (error) {
    if (!(error instanceof WorkerBootError)) throw error;
    // The worker's own output, already relayed, says why; hosted answers a failed boot the same way.
    console.error(`[functions] ${name} failed to start:`, error.message);
    return gatewayError(res, 503, 'Function failed to start (please check logs)', 'BOOT_ERROR');
  }
  try {
    // As on hosted Supabase, the function sees its path without the /functions/v1 prefix.
    await proxy(stack, lease.worker.port, `/${[name, ...rest].join('/')}${url.search}`, res, {
      method,
      headers,
      body,
    });
  } finally {
    lease.release();
  }
}

/** Forwards the request to the worker and streams its answer back; 504 past the idle timeout. */
function proxy(
  stack: StackContext,
  port: number,
  target: string,
  res: ServerResponse,
  forward: { method: string; headers: OutgoingHttpHeaders; body: Buffer | undefined },
): Promise<void> {
  return new Promise<void>((resolve) => {
    const upstream = httpRequest({
      host: '127.0.0.1',
      port,
      path: target,
      method: forward.method,
      headers: forward.headers,
    });
    const idle = setTimeout(() => {
      upstream.destroy();
      if (!res.headersSent) {
        gatewayError(
          res,
          504,
          `The function did not respond within ${stack.functionLimits.requestIdleTimeoutMs / 1000} s`,
          'GATEWAY_TIMEOUT',
        );
      }
      resolve();
    }, stack.functionLimits.requestIdleTimeoutMs);
    const finish = (): void => {
      clearTimeout(idle);
      resolve();
    };
    upstream.on('response', (answer) => {
      clearTimeout(idle);
      const out: OutgoingHttpHeaders = {};
      for (const [key, value] of Object.entries(answer.headers)) {
        if (!HOP_BY_HOP.has(key) && value !== undefined) out[key] = value;
      }
      res.writeHead(answer.statusCode ?? 502, out);
      answer.pipe(res);
      answer.on('error', () => res.destroy());
    });
    upstream.on('error', (error) => {
      if (res.headersSent || res.destroyed) {
        res.destroy();
      } else {
        // The worker went away mid-request (a crash, out of memory): a bug worth seeing.
        console.error(`[functions] ${target} failed:`, error.message);
        gatewayError(res, 500, 'Function failed to handle the request', 'WORKER_ERROR');
      }
      finish();
    });
    // Answered, or the client went away: nothing more to read from the worker.
    res.once('close', () => {
      upstream.destroy();
      finish();
    });
    upstream.end(forward.body && forward.body.length > 0 ? forward.body : undefined);
  });
}
