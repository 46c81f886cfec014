// The pinned Deno (npm's `deno` package, devDependencies in package.json) and the settings every local Deno
// run shares: `deno check` in `npm test` and the function workers of the local stack.
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);

/** The repository root. */
export const PROJECT_ROOT = fileURLToPath(new URL('../../..', import.meta.url));

let executable: string | undefined;

/**
 * The path of the Deno binary that npm installed (`@deno/<platform>`, linked into node_modules/deno by the
 * package's own installer), never a `deno` found on PATH, so every machine runs the pinned version.
 */
export function denoExecutable(): string {
  executable ??= (require('deno/install_api.cjs') as { runInstall(): string }).runInstall();
  return executable;
}

/**
 * Resolution without the network: npm specifiers (the functions' deno.json map `stripe` to `npm:stripe@^23`)
 * resolve from the project's node_modules, which npm filled (`manual`: Deno never writes to it), and a
 * module that is not there fails instead of downloading. Only the local runs pass these flags: the deno.json
 * files stay as `supabase functions deploy` bundles them.
 */
export const OFFLINE_RESOLUTION = ['--node-modules-dir=manual', '--cached-only'] as const;

/** Deno's own settings for a local run: a cache inside node_modules, no update check, plain text output. */
export function denoProcessEnvironment(): Record<string, string> {
  return {
    DENO_DIR: path.join(PROJECT_ROOT, 'node_modules', '.cache', 'deno'),
    DENO_NO_UPDATE_CHECK: '1',
    DENO_NO_PROMPT: '1',
    NO_COLOR: '1',
  };
}
