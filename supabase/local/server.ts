import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { LOCAL_STACK_DEFAULT_PORT } from './db/local-data.ts';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PostgresDatabase, type Database } from './db/engine.ts';
import { handleAuth } from './auth/routes.ts';
import { Catalog } from './rest/catalog.ts';
import { loadStackConfig, type StackConfig } from './config-toml.ts';
import { preflightHeaders } from './http/cors.ts';
import { closeDatabase, createDatabase, seedDemoOrders } from './db/db.ts';
import { FunctionWorkers } from './functions/workers.ts';
import { HOSTED_FUNCTION_LIMITS, type FunctionLimits } from './functions/limits.ts';
import { functionEnvironment, handleFunctions } from './functions/routes.ts';
import { BASE_HEADERS, send, sendJson, withoutCors } from './http/util.ts';
import { handleInbox } from './mail/inbox.ts';
import { keyModelFromEnv, stackKeys, type KeyModel, type StackKeys } from './keys.ts';
import { installRestLimits, restLimits, type RestLimitOptions } from './rest/limits.ts';
import { handleRest } from './rest/routes.ts';
import { seedAudio } from './seed/audio.ts';
import { seedDemoPurchases } from './seed/demo-purchases.ts';
import type { StackContext } from './stack-context.ts';
import { handleStorage } from './storage/routes.ts';
import { handleSchedulerStandIn } from './scheduler/routes.ts';
import { handleResendStandIn, RESEND_STAND_IN_PATH } from './mail/resend.ts';
import { handleStripeStandIn } from './stripe/routes.ts';
import { DEPLOY_HOOK_PATH, DeployHookStandIn, handleDeployHook } from './deploy-hook.ts';
import { startSchedules, type Schedules } from './schedules.ts';

const SUPABASE_DIR = fileURLToPath(new URL('..', import.meta.url));

export type LocalStackOptions = {
  /** 0 picks a free port. Default 54321. */
  port?: number;
  /** Folder for the database and stored objects; null or absent = in memory (objects in a temp folder). */
  dataDir?: string | null;
  /** The site the emailed links lead to; its origin is always an allowed redirect. */
  siteUrl: string;
  /** Where `<name>/index.ts` edge functions live. Default supabase/functions. */
  functionsDir?: string;
  /** No console output (emails are still in the inbox). */
  quiet?: boolean;
  /** Extra environment for edge functions (e.g. STRIPE_* values), on top of SUPABASE_* and SITE_URL. */
  functionEnv?: Record<string, string>;
  /** Interface to listen on. Default 127.0.0.1 (never exposed to the network). */
  host?: string;
  /** Per-function settings over config.toml's [functions.<name>] (tests use it for fixture functions). */
  functions?: Record<string, { verifyJwt: boolean }>;
  /** Hosted Edge Functions limits over the defaults (see functions/limits.ts; tests shorten them). */
  functionLimits?: Partial<FunctionLimits>;
  /** Bounds on one REST request's work over the defaults (see rest/limits.ts). */
  rest?: RestLimitOptions;
  /**
   * Auth rate limits over config.toml's [auth.rate_limit] (per 5 minutes per IP). Test suites, whose every
   * request comes from 127.0.0.1, raise them; the limits themselves have their own test.
   */
  authRateLimits?: Partial<StackConfig['rateLimits']>;
  /**
   * A real PostgreSQL database instead of PGlite: `url` as postgres (the stack's own work: auth, seeding),
   * `requestUrl` as authenticator (REST and storage requests, through a pool of `requestPool` connections,
   * default 10). It must already have the baseline, migrations and seed (db/real-postgres.ts
   * createTestDatabase); `dataDir` then holds only stored objects.
   */
  database?: { url: string; requestUrl: string; requestPool?: number };
  /**
   * What the deploy-hook stand-in (deploy-hook.ts) runs when a catalogue change asks for a rebuild: `npm start`
   * rebuilds the prerendered catalogue pages. Absent: the hook accepts requests and builds nothing.
   */
  siteRebuild?: () => Promise<void>;
  /**
   * The key model (keys.ts): 'new' (publishable and secret keys, ES256 user tokens; the default) or 'legacy'
   * (anon and service-role JWTs, HS256). Default: SUPABASE_LOCAL_KEYS.
   */
  keys?: KeyModel;
  /**
   * Run the hosted schedules locally (schedules.ts: send-reminders every minute). `npm start` and
   * `npm run supabase:local` do; test stacks do not unless asked (tests call the functions themselves).
   */
  schedules?: boolean;
};

export type LocalStack = {
  /** e.g. http://127.0.0.1:54321 — what createClient() takes. */
  url: string;
  inboxUrl: string;
  /** The key for the anon role: the publishable key, or the legacy anon JWT in legacy mode. */
  anonKey: string;
  /** The key for the service role: the secret key, or the legacy service-role JWT in legacy mode. */
  serviceRoleKey: string;
  jwtSecret: string;
  /** Everything about the key model: which it is, the keys, the signing key and the JWKS. */
  keys: StackKeys;
  db: Database;
  /** Process ids of the Deno workers serving functions right now. */
  functionWorkerPids(): number[];
  stop(): Promise<void>;
};

/** Host names that reach this machine's loopback; anything else in Host is a rebound DNS name. */
const LOOPBACK_HOST = /^(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/i;

/**
 * A request a web page of another origin made: its Origin names another host, or the browser marks it as
 * not same-origin. A simple POST (text/plain, no preflight) still carries both, so it is refused too. Only a
 * top-level navigation (a link to the inbox or to the stand-in's payment page) may come from elsewhere: its
 * answer is shown to the person navigating, never to the page that linked.
 */
export function crossOriginRequest(req: IncomingMessage): boolean {
  const origin = req.headers.origin;
  const site = req.headers['sec-fetch-site'];
  // "null": a form posted from a page with no-referrer (the stand-in's own payment page) or a sandbox; only the
  // browser's Sec-Fetch-Site can tell whether it came from this origin.
  if (origin === 'null') return site !== 'same-origin';
  if (origin !== undefined) {
    let host: string | null = null;
    try {
      host = new URL(origin).host;
    } catch {
      host = null;
    }
    if (host === null || host.toLowerCase() !== (req.headers.host ?? '').toLowerCase()) return true;
  }
  if (site === undefined || site === 'same-origin' || site === 'none') return false;
  const navigation =
    req.headers['sec-fetch-mode'] === 'navigate' && (req.method === 'GET' || req.method === 'HEAD');
  return !navigation;
}

/**
 * `/_local/*` (the inbox holds every account's sign-in links) is for tools on this machine only: no CORS,
 * so no other origin's page can read it; only loopback Host names, so DNS rebinding cannot either; and no
 * request another origin's page sends, so none can change the stand-in's settings or act on its behalf.
 */
function localOnly(req: IncomingMessage, res: ServerResponse): boolean {
  withoutCors(res);
  if (!LOOPBACK_HOST.test(req.headers.host ?? '')) {
    sendJson(res, 403, { message: 'The local endpoints answer only requests to localhost' });
    return false;
  }
  if (crossOriginRequest(req)) {
    sendJson(res, 403, { message: 'The local endpoints refuse requests from other origins' });
    return false;
  }
  if (req.method === 'OPTIONS') {
    sendJson(res, 405, { message: 'Method not allowed' }, { allow: 'GET, HEAD' });
    return false;
  }
  return true;
}

async function route(stack: StackContext, req: IncomingMessage, res: ServerResponse): Promise<void> {
  let url: URL;
  try {
    url = new URL(req.url ?? '/', stack.url);
  } catch {
    return sendJson(res, 400, { message: 'Malformed request URL' });
  }
  const pathname = url.pathname;
  const under = (prefix: string): string | null =>
    pathname === prefix || pathname.startsWith(`${prefix}/`) ? pathname.slice(prefix.length) : null;
  if (under('/_local') !== null && !localOnly(req, res)) return;

  // Functions answer their own preflights; every other route's preflight is the gateway's.
  const functionPath = under('/functions/v1');
  if (functionPath !== null) return handleFunctions(stack, req, res, url, functionPath);
  const stripePath = under('/_local/stripe');
  if (stripePath !== null) return handleStripeStandIn(stack, req, res, url, stripePath);
  const schedulerPath = under('/_local/scheduler');
  if (schedulerPath !== null) return handleSchedulerStandIn(stack, req, res, url, schedulerPath);
  if (pathname === DEPLOY_HOOK_PATH) return handleDeployHook(stack.deployHook, req, res);
  const resendPath = under(RESEND_STAND_IN_PATH);
  if (resendPath !== null) return handleResendStandIn(stack, req, res, resendPath);
  if (req.method === 'OPTIONS') return send(res, 204, null, preflightHeaders(req));

  const authPath = under('/auth/v1');
  if (authPath !== null) return handleAuth(stack, req, res, url, authPath);
  const restPath = under('/rest/v1');
  if (restPath !== null) return handleRest(stack, req, res, url, restPath);
  const storagePath = under('/storage/v1');
  if (storagePath !== null) return handleStorage(stack, req, res, url, storagePath);
  const inboxPath = under('/_local/inbox');
  if (inboxPath !== null) return handleInbox(stack, req, res, url, inboxPath);
  if (pathname === '/_local/health') return sendJson(res, 200, { status: 'ok' });
  sendJson(res, 404, { message: 'no Route matched with those values' });
}

/**
 * Requests Node's parser refuses (garbage, a head over its 16 KiB limit) never reach `route`: answer them
 * here in the same JSON shape, rather than with Node's bare status line.
 */
function answerClientError(error: NodeJS.ErrnoException, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const [status, reason, message] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request Header Fields Too Large', 'Request header fields too large']
      : [400, 'Bad Request', 'Malformed HTTP request'];
  const body = JSON.stringify({ message });
  const headers = {
    ...BASE_HEADERS,
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(body)),
    connection: 'close',
  };
  const head = Object.entries(headers).map(([name, value]) => `${name}: ${String(value)}`);
  socket.end(`HTTP/1.1 ${status} ${reason}\r\n${head.join('\r\n')}\r\n\r\n${body}`);
}

/**
 * Starts the local Supabase stack: PGlite (bootstrap, migrations, seed, demo accounts) behind the auth,
 * rest, storage and functions HTTP APIs that supabase-js speaks, plus the local inbox.
 */
export async function startLocalStack(options: LocalStackOptions): Promise<LocalStack> {
  const fileConfig = loadStackConfig(path.join(SUPABASE_DIR, 'config.toml'));
  const config = {
    ...fileConfig,
    functions: { ...fileConfig.functions, ...(options.functions ?? {}) },
    rateLimits: { ...fileConfig.rateLimits, ...(options.authRateLimits ?? {}) },
  };
  const dataDir = options.dataDir ? path.resolve(options.dataDir) : null;
  const quiet = options.quiet ?? false;
  if (dataDir) await mkdir(dataDir, { recursive: true });

  const db = options.database
    ? await PostgresDatabase.connect(options.database.url, {
        requestUrl: options.database.requestUrl,
        requestPool: options.database.requestPool ?? 10,
      })
    : await createDatabase(dataDir ? { dataDir: path.join(dataDir, 'pgdata') } : {});
  let storageRoot: string;
  let tempStorage = false;
  try {
    if (dataDir) {
      storageRoot = path.join(dataDir, 'storage');
      await mkdir(storageRoot, { recursive: true });
    } else {
      storageRoot = await mkdtemp(path.join(tmpdir(), 'supabase-local-storage-'));
      tempStorage = true;
    }
    await seedDemoPurchases(db);
    await seedDemoOrders(db);
    await seedAudio(db, storageRoot);
    await installRestLimits(db);
  } catch (error) {
    await closeDatabase(db);
    throw error;
  }

  let keys: StackKeys;
  try {
    keys = await stackKeys(options.keys ?? keyModelFromEnv(), dataDir);
  } catch (error) {
    await closeDatabase(db);
    throw error;
  }
  const functionLimits = { ...HOSTED_FUNCTION_LIMITS, ...(options.functionLimits ?? {}) };
  const functionsDir = path.resolve(options.functionsDir ?? path.join(SUPABASE_DIR, 'functions'));
  const log = quiet ? () => {} : (message: string) => console.info(message);
  const stack: StackContext = {
    db,
    url: '',
    siteUrl: options.siteUrl.replace(/\/+$/, '') || config.siteUrl,
    config,
    keys,
    storageRoot,
    functionsDir,
    functionEnv: { ...(options.functionEnv ?? {}) },
    functions: new FunctionWorkers({
      functionsDir,
      limits: functionLimits,
      environment: () => functionEnvironment(stack),
    }),
    functionLimits,
    catalog: new Catalog(db),
    restLimits: restLimits(options.rest),
    log,
    deployHook: new DeployHookStandIn(options.siteRebuild, log),
  };

  const server = createServer((req, res) => {
    route(stack, req, res).catch((error: unknown) => {
      // A client that went away mid-request is not an error worth reporting.
      if (res.destroyed || req.socket.destroyed || (error as NodeJS.ErrnoException).code === 'ECONNRESET') {
        res.destroy();
        return;
      }
      // Anything else reaching here is a bug in the stack: report it loudly, answer 500.
      console.error('[local stack] unhandled error for', req.method, req.url, error);
      if (!res.headersSent)
        sendJson(res, 500, { code: 'unexpected_failure', message: 'Internal error in the local stack' });
      else res.destroy();
    });
  });
  server.keepAliveTimeout = 5_000;
  server.on('clientError', answerClientError);

  const host = options.host ?? '127.0.0.1';
  const listen = (target: Server, port: number, address: string): Promise<void> =>
    new Promise<void>((resolve, reject) => {
      target.once('error', reject);
      target.listen(port, address, () => {
        target.off('error', reject);
        resolve();
      });
    });
  try {
    await listen(server, options.port ?? LOCAL_STACK_DEFAULT_PORT, host);
  } catch (error) {
    await closeDatabase(db);
    if (tempStorage) await rm(storageRoot, { recursive: true, force: true });
    throw error;
  }
  const { port } = server.address() as AddressInfo;
  stack.url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  // The site is built against http://localhost:<port>, which may resolve to ::1 first: answer there too
  // when the machine has IPv6 loopback (best effort).
  const servers: Server[] = [server];
  if (host === '127.0.0.1') {
    const v6 = createServer(
      server.listeners('request')[0] as (req: IncomingMessage, res: ServerResponse) => void,
    );
    v6.keepAliveTimeout = server.keepAliveTimeout;
    v6.on('clientError', answerClientError);
    await listen(v6, port, '::1').then(
      () => servers.push(v6),
      () => undefined,
    );
  }

  const schedules: Schedules | null = options.schedules ? startSchedules(stack) : null;

  let stopped: Promise<void> | null = null;
  const stop = (): Promise<void> => {
    stopped ??= (async () => {
      await schedules?.stop();
      await Promise.all([
        stack.functions.stop(),
        stack.deployHook.idle(),
        ...servers.map(
          (target) =>
            new Promise<void>((resolve) => {
              target.close(() => resolve());
              target.closeAllConnections();
            }),
        ),
      ]);
      await closeDatabase(db);
      if (tempStorage) await rm(storageRoot, { recursive: true, force: true });
    })();
    return stopped;
  };

  return {
    url: stack.url,
    inboxUrl: `${stack.url}/_local/inbox`,
    anonKey: keys.publishableKey,
    serviceRoleKey: keys.secretKey,
    jwtSecret: keys.jwtSecret,
    keys,
    db,
    functionWorkerPids: () => stack.functions.pids(),
    stop,
  };
}
