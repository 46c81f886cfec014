import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import {
  OFFLINE_RESOLUTION,
  PROJECT_ROOT,
  denoExecutable,
  denoProcessEnvironment,
} from '../supabase/local/functions/runtime.ts';

// `npm run check:functions` (a step of `npm test`): `deno check` of every edge function with the pinned Deno,
// as hosted Supabase's Deno 2 will type-check and run it: each from its own folder, so its own deno.json
// import map applies, resolving npm packages from node_modules (nothing is downloaded). Also the modules the
// local stack itself runs under Deno: the workers' preload and the contract tests' fixture functions.

type Target = { label: string; cwd: string; file: string; flags?: string[] };

function functionTargets(dir: string, label: string): Target[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('_') && !entry.name.startsWith('.'))
    .map((entry) => path.join(dir, entry.name))
    .filter((folder) => existsSync(path.join(folder, 'index.ts')))
    .map((folder) => ({ label: `${label}/${path.basename(folder)}`, cwd: folder, file: 'index.ts' }));
}

const targets: Target[] = [
  ...functionTargets(path.join(PROJECT_ROOT, 'supabase', 'functions'), 'supabase/functions'),
  ...functionTargets(
    path.join(PROJECT_ROOT, 'tests', 'contract', 'fixtures', 'functions'),
    'tests/contract/fixtures/functions',
  ),
  {
    label: 'supabase/local/functions/preload.ts',
    cwd: path.join(PROJECT_ROOT, 'supabase', 'local', 'functions'),
    file: 'preload.ts',
    // Not the repository's tsconfig.json (Deno would read it for want of a deno.json): Deno's defaults.
    flags: ['--no-config'],
  },
];

function check(target: Target): Promise<{ target: Target; ok: boolean; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(
      denoExecutable(),
      ['check', '--quiet', ...OFFLINE_RESOLUTION, ...(target.flags ?? []), target.file],
      {
        cwd: target.cwd,
        env: { ...process.env, ...denoProcessEnvironment() },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', (error) => resolve({ target, ok: false, output: error.message }));
    child.on('close', (code) => resolve({ target, ok: code === 0, output }));
  });
}

async function main(): Promise<void> {
  const queue = [...targets];
  const results: Awaited<ReturnType<typeof check>>[] = [];
  // Two at a time: each check is a single-threaded compile.
  await Promise.all(
    Array.from({ length: 2 }, async () => {
      for (let next = queue.shift(); next; next = queue.shift()) results.push(await check(next));
    }),
  );
  const failed = results.filter((result) => !result.ok);
  for (const result of results.sort((a, b) => a.target.label.localeCompare(b.target.label))) {
    console.info(`${result.ok ? '✓' : '✗'} deno check ${result.target.label}`);
    if (!result.ok) console.info(result.output.trim());
  }
  console.info(`${results.length - failed.length} of ${results.length} pass deno check`);
  process.exit(failed.length === 0 ? 0 : 1);
}

void main();
