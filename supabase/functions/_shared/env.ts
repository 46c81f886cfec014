// The function's environment (Deno.env), reached through globalThis so the same module passes both the
// repository's Node typecheck (tsc reads supabase/ too, without Deno's types) and `deno check`; it runs on Deno
// only (hosted, and the local stack's Deno workers: supabase/local/README.md, "Edge functions").

type DenoLike = {
  env: { get(name: string): string | undefined };
  serve(handler: (req: Request) => Response | Promise<Response>): unknown;
};

function deno(): DenoLike {
  const runtime = (globalThis as { Deno?: DenoLike }).Deno;
  if (!runtime) throw new Error('Edge functions run on Deno');
  return runtime;
}

/** An environment value, or undefined when unset or empty. Read per call, never cached at module load. */
export function env(name: string): string | undefined {
  const value = deno().env.get(name);
  return value === undefined || value === '' ? undefined : value;
}

/** An environment value the function cannot work without. */
export function requireEnv(name: string): string {
  const value = env(name);
  if (value === undefined) throw new Error(`${name} is not set (supabase secrets set ${name}=…)`);
  return value;
}

/** `Deno.serve(handler)`: the function's entry point. */
export function serve(handler: (req: Request) => Response | Promise<Response>): void {
  deno().serve(handler);
}
