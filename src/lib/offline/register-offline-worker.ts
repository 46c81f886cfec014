// Registers the offline worker (service-worker.ts) with Workbox's window helper, loaded only from here: My
// Account or the player, for a signed-in customer who keeps audio on the device. Marketing pages never import
// this (their first JavaScript is at its budget) and are outside the worker's scope.
import { SERVICE_WORKER_SCOPE, SERVICE_WORKER_URL } from './offline-worker-config';

let registering: Promise<boolean> | null = null;

/**
 * Registers once per page; resolves true when a worker is active. The browser checks /sw.js for a new version
 * on every registration and navigation in scope (no HTTP cache: updateViaCache 'none').
 */
export function registerOfflineWorker(): Promise<boolean> {
  // Only the production build has /sw.js (scripts/build-service-worker.ts).
  if (!import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator))
    return Promise.resolve(false);
  registering ??= import('workbox-window')
    .then(async ({ Workbox }) => {
      const workbox = new Workbox(SERVICE_WORKER_URL, {
        scope: SERVICE_WORKER_SCOPE,
        updateViaCache: 'none',
      });
      await workbox.register();
      await workbox.active;
      return true;
    })
    .catch((error: unknown) => {
      console.warn('Offline listening is not available:', error instanceof Error ? error.name : 'error');
      registering = null;
      return false;
    });
  return registering;
}

/** This page is controlled by the offline worker, so a saved copy can be played from the device. */
export function isControlledByOfflineWorker(): boolean {
  return typeof navigator !== 'undefined' && Boolean(navigator.serviceWorker?.controller);
}
