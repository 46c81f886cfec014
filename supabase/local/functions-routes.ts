import { existsSync, readFileSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { loadEdgeFunction, type EdgeHandler } from './deno-shim.ts';
import { BodyTooLargeError, JSON_BODY_LIMIT, header, readBody, sendJson } from './http-util.ts';
import { bearerToken, verifyJwt } from './jwt.ts';
import { standInFunctionEnvironment } from './stripe/settings.ts';
import type { StackContext } from './stack-context.ts';

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
  return {
    ...stripeDefaults,
    ...given,
    SUPABASE_URL: stack.url,
    SUPABASE_ANON_KEY: stack.anonKey,
    SUPABASE_SERVICE_ROLE_KEY: stack.serviceRoleKey,
    // Functions talk to the database through the APIs; there is no Postgres port in the local stack.
    SUPABASE_DB_URL: 'postgresql://postgres:postgres@127.0.0.1:54322/postgres',
    SITE_URL: stack.siteUrl,
    ...stack.functionEnv,
  };
}

// A promise, so that concurrent first requests share one import.
type Loaded = { version: string; handler: Promise<EdgeHandler> };
const loadedByStack = new WeakMap<StackContext, Map<string, Loaded>>();

async function handlerFor(stack: StackContext, name: string, file: string): Promise<EdgeHandler> {
  let loaded = loadedByStack.get(stack);
  if (!loaded) {
    loaded = new Map();
    loadedByStack.set(stack, loaded);
  }
  // Reimport when the module file changes, so `npm run dev` picks up edits without a restart.
  const version = String(statSync(file).mtimeMs);
  const cached = loaded.get(name);
  if (cached && cached.version === version) return cached.handler;
  const handler = loadEdgeFunction(file, functionEnvironment(stack));
  loaded.set(name, { version, handler });
  handler.catch(() => loaded.delete(name));
  return handler;
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
    const verified = await verifyJwt(token, stack.jwtSecret);
    if (!verified.ok) return gatewayError(res, 401, 'Invalid JWT');
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
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (HOP_BY_HOP.has(key) || value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(key, item);
  }
  // As on hosted Supabase, the function sees its path without the /functions/v1 prefix.
  const target = `${stack.url}/${[name, ...rest].join('/')}${url.search}`;
  const request = new Request(target, {
    method,
    headers,
    body: body && body.length > 0 ? new Uint8Array(body) : undefined,
  });

  let response: Response;
  try {
    const handler = await handlerFor(stack, name, file);
    response = await handler(request, { remoteAddr: { transport: 'tcp', hostname: '127.0.0.1', port: 0 } });
  } catch (error) {
    // A crash in the function is a bug worth seeing (and fails any test that hits it).
    console.error(`[functions] ${name} failed:`, error);
    return gatewayError(res, 500, 'Function failed to handle the request', 'WORKER_ERROR');
  }
  const out: Record<string, string | string[]> = {};
  response.headers.forEach((value, key) => {
    if (key !== 'set-cookie' && !HOP_BY_HOP.has(key) && key !== 'content-length') out[key] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) out['set-cookie'] = cookies;
  res.writeHead(response.status, out);
  if (!response.body || method === 'HEAD') {
    res.end();
    return;
  }
  await new Promise<void>((resolve) => {
    const stream = Readable.fromWeb(response.body as unknown as NodeReadableStream<Uint8Array>);
    stream.on('error', () => {
      res.destroy();
      resolve();
    });
    res.on('close', resolve);
    stream.pipe(res);
  });
}
