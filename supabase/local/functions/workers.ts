// One Deno process per edge function (a "worker", as hosted Supabase calls its per-function isolates), booted
// on the function's first request with `deno run` on its index.ts, the function's own deno.json (found from
// its folder, as `supabase functions deploy` finds it) and the environment the stack gives functions.
// A worker is replaced when a file of the function or of a shared `_*` folder changes (so `npm run dev`
// picks up edits), when that environment changes, and when it reaches its lifetime; it is stopped with the
// stack. Deno.serve listens where DENO_SERVE_ADDRESS says: a free loopback port, read from its
// "Listening on" line.
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FunctionLimits } from './limits.ts';
import { FUNCTION_LOG_LEVELS, FUNCTION_LOG_TAG, type FunctionLogRecord } from './log-tag.ts';
import { OFFLINE_RESOLUTION, denoExecutable, denoProcessEnvironment } from './runtime.ts';

const PRELOAD = fileURLToPath(new URL('./preload.ts', import.meta.url));
const LISTENING = /^Listening on (https?:\/\/\S+?)\/?$/;
const STOP_GRACE_MS = 2_000;

/** The worker failed to start: its own output (already relayed to the console) says why. */
export class WorkerBootError extends Error {}

export type Worker = {
  name: string;
  port: number;
  pid: number;
  /** Source and environment it was booted with. */
  version: string;
  bootedAt: number;
  inflight: number;
  retired: boolean;
  exited: Promise<void>;
  child: ChildProcess;
};

// Every worker of every stack in this process, killed if the process exits without stopping its stacks.
const liveChildren = new Set<ChildProcess>();
let exitHookInstalled = false;
function track(child: ChildProcess): void {
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    process.once('exit', () => {
      for (const running of liveChildren) running.kill('SIGKILL');
    });
  }
  liveChildren.add(child);
  child.once('exit', () => liveChildren.delete(child));
}

/** SIGTERM with its stdin closed (the preload exits on that too); SIGKILL after a grace period. */
function stopChild(child: ChildProcess): void {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.stdin?.end();
  child.kill('SIGTERM');
  const force = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
  force.unref();
  child.once('exit', () => clearTimeout(force));
}

/** Files a function is made of: its folder and the shared `_*` folders beside it (e.g. `_shared`). */
function sourceFiles(functionsDir: string, name: string): string[] {
  const folders = [name, ...readdirSync(functionsDir).filter((entry) => entry.startsWith('_'))];
  const files: string[] = [];
  for (const folder of folders) {
    const root = path.join(functionsDir, folder);
    if (!existsSync(root) || !statSync(root).isDirectory()) continue;
    for (const entry of readdirSync(root, { recursive: true, encoding: 'utf8' })) {
      files.push(path.join(root, entry));
    }
  }
  return files.sort();
}

function versionOf(functionsDir: string, name: string, env: Record<string, string>): string {
  const hash = createHash('sha256');
  for (const file of sourceFiles(functionsDir, name)) {
    const stat = statSync(file, { throwIfNoEntry: false });
    if (stat?.isFile()) hash.update(`${file}\0${stat.mtimeMs}\0${stat.size}\n`);
  }
  hash.update(JSON.stringify(Object.entries(env).sort()));
  return hash.digest('hex');
}

/** Calls `onLine` per complete line of a stream. */
function lines(stream: NodeJS.ReadableStream, onLine: (line: string) => void): void {
  let pending = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk: string) => {
    const parts = (pending + chunk).split('\n');
    pending = parts.pop() ?? '';
    for (const line of parts) onLine(line.replace(/\r$/, ''));
  });
  stream.on('end', () => {
    if (pending) onLine(pending);
  });
}

function parseRecord(line: string): FunctionLogRecord | null {
  if (!line.startsWith(FUNCTION_LOG_TAG)) return null;
  try {
    const record = JSON.parse(line.slice(FUNCTION_LOG_TAG.length)) as FunctionLogRecord;
    return FUNCTION_LOG_LEVELS.includes(record.level) ? record : null;
  } catch {
    return null;
  }
}

export type FunctionWorkersSettings = {
  functionsDir: string;
  limits: FunctionLimits;
  /** What the function finds in Deno.env (read at each request: an edit of functions/.env reboots). */
  environment: () => Record<string, string>;
};

export class FunctionWorkers {
  // Per function: its worker, booted or booting (concurrent first requests share one boot).
  private readonly current = new Map<string, Promise<Worker>>();
  private readonly all = new Set<Worker>();
  private stopped = false;

  constructor(private readonly settings: FunctionWorkersSettings) {}

  /**
   * A worker serving the function's current source, marked busy until `release` (a replaced worker is
   * stopped once its last request is done).
   */
  async acquire(name: string): Promise<{ worker: Worker; release: () => void }> {
    const env = this.settings.environment();
    const version = versionOf(this.settings.functionsDir, name, env);
    for (;;) {
      if (this.stopped) throw new Error('The local stack is stopping');
      let pending = this.current.get(name);
      if (!pending) {
        pending = this.boot(name, version, env);
        this.current.set(name, pending);
        pending.catch(() => {
          if (this.current.get(name) === pending) this.current.delete(name);
        });
      }
      const worker = await pending;
      const usable =
        !worker.retired &&
        worker.version === version &&
        Date.now() - worker.bootedAt < this.settings.limits.workerLifetimeMs;
      if (usable) {
        worker.inflight += 1;
        let released = false;
        const release = (): void => {
          if (released) return;
          released = true;
          worker.inflight -= 1;
          if (worker.retired && worker.inflight === 0) this.kill(worker);
        };
        return { worker, release };
      }
      if (this.current.get(name) === pending) this.current.delete(name);
      this.retire(worker);
    }
  }

  /** Stops every worker (SIGTERM and their stdin closed; SIGKILL after a grace period). */
  async stop(): Promise<void> {
    this.stopped = true;
    await Promise.allSettled([...this.current.values()]);
    const workers = [...this.all];
    for (const worker of workers) this.kill(worker);
    await Promise.all(workers.map((worker) => worker.exited));
  }

  /** Process ids of the running workers (tests check that none outlives the stack). */
  pids(): number[] {
    return [...this.all].map((worker) => worker.pid);
  }

  private retire(worker: Worker): void {
    worker.retired = true;
    if (worker.inflight === 0) this.kill(worker);
  }

  private kill(worker: Worker): void {
    stopChild(worker.child);
  }

  private boot(name: string, version: string, env: Record<string, string>): Promise<Worker> {
    const { functionsDir, limits } = this.settings;
    const folder = path.join(functionsDir, name);
    const child = spawn(
      denoExecutable(),
      [
        'run',
        ...OFFLINE_RESOLUTION,
        `--preload=${PRELOAD}`,
        `--v8-flags=--max-old-space-size=${limits.memoryMb}`,
        // Of what hosted allows, what these functions use: the network and their environment. No file access.
        '--allow-net',
        '--allow-env',
        path.join(folder, 'index.ts'),
      ],
      {
        // From the function's folder, Deno finds its deno.json (import map) as the deploy does.
        cwd: folder,
        // Only what a deployed function would see, plus Deno's own settings; nothing else of this process.
        env: { ...env, ...denoProcessEnvironment(), DENO_SERVE_ADDRESS: 'tcp:127.0.0.1:0' },
        stdio: ['pipe', 'pipe', 'pipe'],
      },
    );
    track(child);
    // Nothing is ever written to stdin; closing it after the worker has gone must not throw (EPIPE).
    child.stdin!.on('error', () => undefined);
    const prefix = `[functions:${name}]`;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

    return new Promise<Worker>((resolve, reject) => {
      let listening = false;
      const fail = (message: string): void => {
        if (listening) return;
        listening = true;
        clearTimeout(timer);
        stopChild(child);
        reject(new WorkerBootError(message));
      };
      const timer = setTimeout(
        () => fail(`${name} did not start listening within ${limits.bootTimeoutMs} ms`),
        limits.bootTimeoutMs,
      );
      child.once('error', (error) => fail(`${name} could not be started: ${error.message}`));
      // 'close', not 'exit': by then its last output (why it failed) has been relayed.
      child.once('close', (code, signal) => {
        fail(`${name} exited before listening (${signal ?? `exit code ${String(code)}`})`);
      });

      lines(child.stdout!, (line) => console.info(prefix, line));
      lines(child.stderr!, (line) => {
        const record = parseRecord(line);
        if (record) {
          console[record.level](prefix, record.text);
          return;
        }
        const address = LISTENING.exec(line)?.[1];
        if (address && !listening) {
          listening = true;
          clearTimeout(timer);
          const worker: Worker = {
            name,
            port: Number(new URL(address).port),
            pid: child.pid ?? 0,
            version,
            bootedAt: Date.now(),
            inflight: 0,
            retired: false,
            exited,
            child,
          };
          this.all.add(worker);
          void exited.then(() => {
            this.all.delete(worker);
            // A worker that died on its own (crash, out of memory) is replaced on the next request.
            worker.retired = true;
          });
          resolve(worker);
          return;
        }
        // Deno's own output: an uncaught error (Deno.serve answers 500 and prints it), a boot failure, a
        // permission refused. Each is a bug worth seeing, and fails any test that hits it.
        if (line.trim()) console.error(prefix, line);
      });
    });
  }
}
