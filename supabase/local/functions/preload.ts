// Runs before each edge function's module in the local stack's Deno workers (`deno run --preload`); never
// deployed. It adds the two things hosted Supabase's supervisor does from outside the isolate and a plain
// `deno run` cannot, and leaves the runtime alone (Deno.serve, Deno.env, fetch are Deno's own):
// 1. Log levels. Hosted keeps each line's level (console.warn is a warning in the function's logs); Deno
//    writes warn and error alike to stderr. console.* here writes one tagged JSON line per call, which the
//    stack re-emits with the same console method (tests assert on a function's warnings).
// 2. Ending with the stack. The stack holds this process's stdin open and never writes to it; when it
//    closes (the stack stopped, or its process died, even by SIGKILL) the worker exits: no orphans.
import { FUNCTION_LOG_LEVELS, FUNCTION_LOG_TAG, type FunctionLogRecord } from './log-tag.ts';

// Declared here rather than from Deno's lib so that the Node typecheck of the repository reads this file too.
declare const Deno: {
  inspect(value: unknown): string;
  stderr: { writeSync(bytes: Uint8Array): number };
  stdin: { read(buffer: Uint8Array): Promise<number | null> };
  exit(code?: number): never;
};

const encoder = new TextEncoder();

function write(record: FunctionLogRecord): void {
  const bytes = encoder.encode(`${FUNCTION_LOG_TAG}${JSON.stringify(record)}\n`);
  let offset = 0;
  while (offset < bytes.length) offset += Deno.stderr.writeSync(bytes.subarray(offset));
}

const console_ = globalThis.console as unknown as Record<string, (...args: unknown[]) => void>;
for (const level of FUNCTION_LOG_LEVELS) {
  console_[level] = (...args: unknown[]): void => {
    write({ level, text: args.map((arg) => (typeof arg === 'string' ? arg : Deno.inspect(arg))).join(' ') });
  };
}

async function exitWhenTheStackGoes(): Promise<void> {
  const buffer = new Uint8Array(64);
  try {
    while ((await Deno.stdin.read(buffer)) !== null) {
      // The stack writes nothing; only the end of the stream matters.
    }
  } finally {
    Deno.exit(0);
  }
}

// After the main module has run: a preload's pending read would otherwise hold the main module back.
globalThis.addEventListener('load', () => void exitWhenTheStackGoes());
