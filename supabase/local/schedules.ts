// The local stack's stand-in for the hosted schedules (pg_cron calling a function with a secret key in
// `apikey`, docs/intake-and-reminders.md): every minute it posts to send-reminders as that job does, so a
// reminder falls due and reaches the local inbox within a minute, as on hosted. One run at a time: a run
// still going when the next minute comes is not overlapped (the function is safe under overlap anyway).
import type { StackContext } from './stack-context.ts';

const EVERY_MS = 60_000;

/** Scheduled functions, by name. */
const SCHEDULED = ['send-reminders'] as const;

export type Schedules = { stop(): Promise<void> };

export function startSchedules(stack: StackContext, everyMs = EVERY_MS): Schedules {
  let running: Promise<void> | null = null;
  const runAll = async (): Promise<void> => {
    for (const name of SCHEDULED) {
      try {
        const response = await fetch(`${stack.url}/functions/v1/${name}`, {
          method: 'POST',
          headers: { apikey: stack.keys.secretKey, 'content-type': 'application/json' },
          body: '{}',
          signal: AbortSignal.timeout(50_000),
        });
        await response.arrayBuffer();
        if (!response.ok) stack.log(`[schedule] ${name} answered ${response.status}`);
      } catch (error) {
        stack.log(`[schedule] ${name} failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  };
  const timer = setInterval(() => {
    if (running) return;
    running = runAll().finally(() => {
      running = null;
    });
  }, everyMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
