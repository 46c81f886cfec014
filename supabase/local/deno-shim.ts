import { AsyncLocalStorage } from 'node:async_hooks';
import { pathToFileURL } from 'node:url';
import { WebSocket } from 'ws';

/**
 * Just enough of Deno's runtime for an edge function module to run under Node unchanged: `Deno.serve`
 * (captures the handler instead of listening) and `Deno.env` (the function's environment). The environment
 * is scoped per invocation with AsyncLocalStorage, so two stacks in one process keep their own values.
 */
export type EdgeHandler = (req: Request, info?: unknown) => Response | Promise<Response>;

type Scope = { env: Record<string, string>; captured?: EdgeHandler };

const scopes = new AsyncLocalStorage<Scope>();

function currentScope(): Scope {
  const scope = scopes.getStore();
  if (!scope) throw new Error('Deno shim used outside a local-stack function invocation');
  return scope;
}

type ServeOptions = { handler?: EdgeHandler };

const denoShim = {
  env: {
    get: (name: string): string | undefined => scopes.getStore()?.env[name],
    set: (name: string, value: string): void => {
      currentScope().env[name] = value;
    },
    has: (name: string): boolean => scopes.getStore()?.env[name] !== undefined,
    delete: (name: string): void => {
      delete currentScope().env[name];
    },
    toObject: (): Record<string, string> => ({ ...(scopes.getStore()?.env ?? {}) }),
  },
  serve(first: EdgeHandler | ServeOptions, second?: EdgeHandler) {
    const handler = typeof first === 'function' ? first : (second ?? first.handler);
    if (typeof handler !== 'function') throw new TypeError('Deno.serve needs a handler');
    currentScope().captured = handler;
    const finished = Promise.resolve();
    return {
      finished,
      addr: { transport: 'tcp', hostname: '127.0.0.1', port: 0 },
      shutdown: async (): Promise<void> => {},
      ref: (): void => {},
      unref: (): void => {},
    };
  },
};

export function installDenoShim(): void {
  const global = globalThis as { Deno?: unknown; WebSocket?: unknown };
  // Deno has a global WebSocket; Node 20 does not, and supabase-js's createClient() needs one.
  if (global.WebSocket === undefined) global.WebSocket = WebSocket;
  if (global.Deno === undefined) global.Deno = denoShim;
  else if (global.Deno !== denoShim)
    throw new Error('globalThis.Deno exists and is not the local-stack shim');
}

/**
 * Imports a function module and returns the handler it passed to Deno.serve. Every call loads a fresh
 * module instance, so module-level Deno.env reads see this stack's values (and an edited file its edits).
 */
export async function loadEdgeFunction(file: string, env: Record<string, string>): Promise<EdgeHandler> {
  installDenoShim();
  const scope: Scope = { env: { ...env } };
  await scopes.run(scope, async () => {
    // tsx's scoped import loads the TypeScript module natively, in a namespace of its own (a new one per
    // call), also under Vitest, whose module runner would hand back a cached copy.
    const { tsImport } = await import('tsx/esm/api');
    await tsImport(pathToFileURL(file).href, { parentURL: import.meta.url });
  });
  if (!scope.captured) throw new Error(`${file} did not call Deno.serve(handler)`);
  const handler = scope.captured;
  return (req, info) => scopes.run({ env: { ...env } }, () => handler(req, info));
}
