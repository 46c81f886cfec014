import type { DeployHookStandIn } from './deploy-hook.ts';
import type { StackKeys } from './keys.ts';
import type { Database } from './db/engine.ts';
import type { Catalog } from './rest/catalog.ts';
import type { StackConfig } from './config-toml.ts';
import type { FunctionWorkers } from './functions/workers.ts';
import type { FunctionLimits } from './functions/limits.ts';
import type { RestLimits } from './rest/limits.ts';

/** Everything a route needs about the running stack. */
export type StackContext = {
  db: Database;
  /** Base URL of the stack, e.g. http://127.0.0.1:54321 (no trailing slash). */
  url: string;
  /** Where emailed links lead by default; its origin is always an allowed redirect. */
  siteUrl: string;
  config: StackConfig;
  /** API keys, the JWT signing key and the JWKS of the stack's key model (keys.ts). */
  keys: StackKeys;
  /** Folder holding `<bucket>/<object name>` files. */
  storageRoot: string;
  functionsDir: string;
  /** Extra environment for edge functions (e.g. STRIPE_* values). */
  functionEnv: Record<string, string>;
  /** The Deno processes serving the edge functions (functions/workers.ts). */
  functions: FunctionWorkers;
  /** Hosted limits the function workers mirror (functions/limits.ts). */
  functionLimits: FunctionLimits;
  catalog: Catalog;
  /** Bounds on one REST request's work (embed depth and count, statement timeout per role). */
  restLimits: RestLimits;
  /** Prints unless the stack is quiet. */
  log: (message: string) => void;
  /** The stand-in for the static host's build hook (deploy-hook.ts). */
  deployHook: DeployHookStandIn;
};
