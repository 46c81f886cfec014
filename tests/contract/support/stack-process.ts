// Run as its own Node process by tests/contract/function-workers.test.ts: starts a stack on the fixture
// functions, boots the `worker` fixture's Deno process, prints `{"workerPid": …}` and stays up until killed.
import { fileURLToPath } from 'node:url';
import { startLocalStack } from '../../../supabase/local/server.ts';

const functionsDir = fileURLToPath(new URL('../fixtures/functions', import.meta.url));
const stack = await startLocalStack({
  port: 0,
  dataDir: null,
  siteUrl: 'http://localhost:4173',
  quiet: true,
  functionsDir,
});
const response = await fetch(`${stack.url}/functions/v1/worker/pid`, {
  method: 'POST',
  headers: { authorization: `Bearer ${stack.anonKey}` },
});
const { pid } = (await response.json()) as { pid: number };
process.stdout.write(`${JSON.stringify({ workerPid: pid })}\n`);
setInterval(() => undefined, 60_000);
