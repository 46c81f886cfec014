// /_local/deploy-hook: the stand-in for a static host's build hook (a Netlify build hook, a Cloudflare Pages or
// Vercel deploy hook), which the request-site-rebuild edge function POSTs to after a catalogue change
// (docs/catalogue-rebuild.md). A host answers at once and builds in the background, one build at a time, with
// requests made during a build folded into one more; so does this. What it runs is given by whoever serves
// the site (`npm start`: the catalogue pages' rebuild, scripts/rebuild-catalogue-pages.ts); with no site
// (the stack alone, the dev server) it accepts the request and has nothing to build.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendJson } from './http/util.ts';

export const DEPLOY_HOOK_PATH = '/_local/deploy-hook';

export type DeployHookStatus = {
  /** Builds finished since the stack started (failed ones included). */
  builds: number;
  running: boolean;
  pending: boolean;
  lastError: string | null;
};

export class DeployHookStandIn {
  private status: DeployHookStatus = { builds: 0, running: false, pending: false, lastError: null };
  private current: Promise<void> = Promise.resolve();

  constructor(
    private readonly build: (() => Promise<void>) | undefined,
    private readonly log: (message: string) => void,
  ) {}

  /** Starts a build, or marks one more to run after the build in progress. */
  request(): void {
    if (!this.build) return;
    if (this.status.running) {
      this.status.pending = true;
      return;
    }
    this.current = this.run(this.build);
  }

  private async run(build: () => Promise<void>): Promise<void> {
    this.status.running = true;
    do {
      this.status.pending = false;
      try {
        await build();
        this.status.lastError = null;
        this.log('Deploy hook: catalogue pages rebuilt');
      } catch (error) {
        this.status.lastError = error instanceof Error ? error.message : String(error);
        this.log(`Deploy hook: the rebuild failed: ${this.status.lastError}`);
      }
      this.status.builds += 1;
    } while (this.status.pending);
    this.status.running = false;
  }

  snapshot(): DeployHookStatus {
    return { ...this.status };
  }

  /** Resolves once no build is running (the stack waits for it before stopping). */
  idle(): Promise<void> {
    return this.current;
  }
}

export function handleDeployHook(hook: DeployHookStandIn, req: IncomingMessage, res: ServerResponse): void {
  if (req.method === 'POST') {
    hook.request();
    // What a host's build hook answers: accepted, built later.
    return sendJson(res, 200, {});
  }
  if (req.method === 'GET' || req.method === 'HEAD') return sendJson(res, 200, hook.snapshot());
  sendJson(res, 405, { message: 'Method not allowed' }, { allow: 'GET, HEAD, POST' });
}
