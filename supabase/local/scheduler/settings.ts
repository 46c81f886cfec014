// Settings of the local scheduler (Calendly) stand-in. Nothing here is a secret: the key only opens this
// machine's local stack.

/** The stand-in's pages live under this path of the stack. */
export const SCHEDULER_BASE_PATH = '/_local/scheduler';

/** The signing key of the stand-in's webhook subscription (CALENDLY_WEBHOOK_SIGNING_KEY of the functions). */
export const LOCAL_SCHEDULER_SIGNING_KEY = 'local_scheduler_signing_key';

/** Edge-function environment: the signing key the scheduler-webhook function verifies with. */
export function schedulerFunctionEnvironment(): Record<string, string> {
  return { CALENDLY_WEBHOOK_SIGNING_KEY: LOCAL_SCHEDULER_SIGNING_KEY };
}
