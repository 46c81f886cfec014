import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { LocalStack } from '../../supabase/local/server.ts';
import { startTestStack } from './support/stack.ts';

// The local stack runs each edge function in its own Deno process (supabase/local/functions/workers.ts).
const functionsDir = fileURLToPath(new URL('./fixtures/functions', import.meta.url));
const stackProcess = fileURLToPath(new URL('./support/stack-process.ts', import.meta.url));

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function until<T>(probe: () => T | Promise<T>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function invoke(stack: LocalStack, route: string): Promise<Response> {
  return fetch(`${stack.url}/functions/v1/${route}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${stack.anonKey}` },
  });
}

async function workerPid(stack: LocalStack, name = 'worker'): Promise<number> {
  return ((await (await invoke(stack, `${name}/pid`)).json()) as { pid: number }).pid;
}

describe('edge functions run in Deno worker processes', () => {
  let stack: LocalStack;

  beforeAll(async () => {
    stack = await startTestStack({ functionsDir, functionLimits: { requestIdleTimeoutMs: 1_500 } });
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('under the pinned Deno, one process per function, seeing only the function environment', async () => {
    const response = await invoke(stack, 'worker/pid');
    const { pid, deno } = (await response.json()) as { pid: number; deno: string };
    expect(deno).toBe('2.9.6');
    expect(pid).not.toBe(process.pid);
    expect(stack.functionWorkerPids()).toEqual([pid]);
    // A second request reuses the process.
    expect(await workerPid(stack)).toBe(pid);

    const { names } = (await (await invoke(stack, 'worker/env')).json()) as { names: string[] };
    expect(names).toEqual(
      expect.arrayContaining([
        'SITE_URL',
        'SUPABASE_URL',
        ...(stack.keys.model === 'new'
          ? ['SUPABASE_PUBLISHABLE_KEYS', 'SUPABASE_SECRET_KEYS', 'SUPABASE_JWKS']
          : ['SUPABASE_ANON_KEY', 'SUPABASE_SERVICE_ROLE_KEY']),
      ]),
    );
    // Nothing of the stack's own process environment leaks in (Deno adds a PATH of its own).
    for (const name of ['HOME', 'USER', 'npm_lifecycle_event', 'VITEST']) expect(names).not.toContain(name);
  });

  it("relays the function's console output with its level", async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      expect((await invoke(stack, 'worker/logs')).status).toBe(200);
      await until(() => warn.mock.calls.length > 0);
      expect(log.mock.calls).toContainEqual(['[functions:worker]', 'a log line { order: "o-1" }']);
      expect(info.mock.calls).toContainEqual(['[functions:worker]', 'an info line']);
      expect(warn.mock.calls).toEqual([['[functions:worker]', 'a warning line']]);
    } finally {
      log.mockRestore();
      info.mockRestore();
      warn.mockRestore();
    }
  });

  it('an uncaught error answers 500 (Deno.serve) and reaches console.error', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const response = await invoke(stack, 'worker/throw');
      expect(response.status).toBe(500);
      await until(() => error.mock.calls.some((call) => String(call[1]).includes('failed on purpose')));
      expect(error.mock.calls.map((call) => call.join(' ')).join('\n')).toContain(
        '[functions:worker] Error: the fixture failed on purpose',
      );
    } finally {
      error.mockClear();
      error.mockRestore();
    }
  });

  it('a module that throws while loading: 503 BOOT_ERROR, reported', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const response = await invoke(stack, 'boot-failure');
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({
        code: 'BOOT_ERROR',
        message: 'Function failed to start (please check logs)',
      });
      const reported = error.mock.calls.map((call) => call.join(' ')).join('\n');
      expect(reported).toContain('A_SECRET_NOBODY_SET is not set');
      expect(reported).toContain('[functions] boot-failure failed to start');
    } finally {
      error.mockClear();
      error.mockRestore();
    }
  });

  it('no response within the idle timeout: 504', async () => {
    const response = await invoke(stack, 'worker/hang');
    expect(response.status).toBe(504);
    expect(await response.json()).toMatchObject({ code: 'GATEWAY_TIMEOUT' });
  });
});

describe('worker lifecycle', () => {
  it('an edited function is served by a fresh worker, and the old one stops', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'functions-edit-'));
    const write = (answer: string) =>
      writeFile(
        path.join(dir, 'edited', 'index.ts'),
        `Deno.serve(() => Response.json({ answer: ${JSON.stringify(answer)}, pid: Deno.pid }));\n`,
      );
    await mkdir(path.join(dir, 'edited'));
    await writeFile(path.join(dir, 'edited', 'deno.json'), '{ "imports": {} }\n');
    await write('first');
    const stack = await startTestStack({ functionsDir: dir });
    try {
      const first = (await (await invoke(stack, 'edited')).json()) as { answer: string; pid: number };
      expect(first.answer).toBe('first');
      await write('second');
      const second = (await (await invoke(stack, 'edited')).json()) as { answer: string; pid: number };
      expect(second.answer).toBe('second');
      expect(second.pid).not.toBe(first.pid);
      expect(await until(() => !alive(first.pid))).toBe(true);
    } finally {
      await stack.stop();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('a worker past its lifetime is replaced on the next request; stopping the stack stops its workers', async () => {
    const stack = await startTestStack({ functionsDir, functionLimits: { workerLifetimeMs: 300 } });
    let second = 0;
    try {
      const first = await workerPid(stack);
      await new Promise((resolve) => setTimeout(resolve, 400));
      second = await workerPid(stack);
      expect(second).not.toBe(first);
      expect(await until(() => !alive(first))).toBe(true);
      expect(alive(second)).toBe(true);
    } finally {
      await stack.stop();
    }
    expect(alive(second)).toBe(false);
    expect(stack.functionWorkerPids()).toEqual([]);
  });

  it('a stack process killed outright (SIGKILL) leaves no worker behind', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', stackProcess], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    try {
      const pid = await new Promise<number>((resolve, reject) => {
        let out = '';
        child.stdout.on('data', (chunk: Buffer) => {
          out += chunk.toString();
          const line = /\{"workerPid":\d+\}/.exec(out)?.[0];
          if (line) resolve((JSON.parse(line) as { workerPid: number }).workerPid);
        });
        child.once('exit', (code) => reject(new Error(`stack process exited (${String(code)})`)));
      });
      expect(alive(pid)).toBe(true);
      child.kill('SIGKILL');
      expect(await until(() => !alive(pid))).toBe(true);
    } finally {
      child.kill('SIGKILL');
    }
  }, 60_000);
});
