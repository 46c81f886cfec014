// What the page and the offline worker (service-worker.ts) agree on. No imports: the worker is built on its own
// (scripts/build-service-worker.ts), without the app's path aliases. docs/offline-listening.md explains the design.

/** The worker script, built into the site's root. */
export const SERVICE_WORKER_URL = '/sw.js';
/**
 * The worker controls My Account only (and what a page opened there loads, such as the player's audio):
 * marketing pages are never controlled, so no navigation of theirs waits for a worker to start.
 */
export const SERVICE_WORKER_SCOPE = '/account';
/** The page that opens offline: the SPA shell as served for /account. */
export const OFFLINE_SHELL_URL = '/account';

/** Saved audio is requested under this same-origin path; only the worker answers it (from the cache). */
export const OFFLINE_AUDIO_PATH = '/offline-audio/';

/** The stable key of a product's saved audio: never the short-lived signed link it was fetched with. */
export function offlineAudioUrl(productId: string): string {
  return `${OFFLINE_AUDIO_PATH}${encodeURIComponent(productId)}`;
}
