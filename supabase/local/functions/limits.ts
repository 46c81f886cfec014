// Hosted Edge Functions limits the local workers mirror (supabase.com/docs/guides/functions/limits), and the
// ones they do not: CPU time (2 s per request) is not metered here.
export type FunctionLimits = {
  /** No response started within this: the gateway answers 504 (hosted: "Request idle timeout", 150 s). */
  requestIdleTimeoutMs: number;
  /** A worker serves requests for at most this long, then a fresh one boots for the next request
   *  (hosted: the wall-clock limit, 150 s on the free plan, 400 s on paid plans). */
  workerLifetimeMs: number;
  /** V8 heap of a worker (hosted: 256 MB of memory). */
  memoryMb: number;
  /** A worker that has not started listening by then failed to boot. */
  bootTimeoutMs: number;
};

export const HOSTED_FUNCTION_LIMITS: FunctionLimits = {
  requestIdleTimeoutMs: 150_000,
  workerLifetimeMs: 150_000,
  memoryMb: 256,
  bootTimeoutMs: 30_000,
};
