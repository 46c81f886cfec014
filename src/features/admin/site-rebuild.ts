import { useSyncExternalStore } from 'react';
import { getSupabase } from '@/lib/supabase';

// After a catalogue write the prerendered shop pages are out of date until the site is rebuilt; the
// request-site-rebuild edge function calls the host's build hook (docs/catalogue-rebuild.md). A burst of
// edits (a price, then a title, then publishing) asks once, after the edits have paused; leaving the
// dashboard sends a waiting request at once. When the request fails the catalogue tab says so (the change is
// live in the shop already; only the prerendered copy waits for the next deploy) and offers to ask again. The
// function allows one rebuild per 2 minutes (docs/security.md); a request inside that window is answered with
// the seconds left (`retryAfterSeconds`), and the dashboard asks again by itself then (while it stays open),
// saying so.

/** How long the edits must pause before the rebuild is asked for. */
export const SITE_REBUILD_QUIET_MS = 2_000;

let timer: ReturnType<typeof setTimeout> | null = null;
/** null: no failure; 'failed': the request failed; otherwise asked too soon, and asked again in `seconds`. */
type RebuildFailure = null | 'failed' | { retryInSeconds: number };
let retryTimer: ReturnType<typeof setTimeout> | null = null;
let failed: RebuildFailure = null;
const listeners = new Set<() => void>();

function setFailed(next: RebuildFailure): void {
  if (failed === next) return;
  failed = next;
  for (const listener of listeners) listener();
}

/** Asks for the rebuild now; the answer sets or clears the failure the catalogue tab shows. */
export async function requestSiteRebuild(): Promise<void> {
  if (retryTimer !== null) clearTimeout(retryTimer);
  retryTimer = null;
  try {
    const client = await getSupabase();
    const { data, error } = await client.functions.invoke<{ retryAfterSeconds?: unknown }>(
      'request-site-rebuild',
      { body: {} },
    );
    if (error) return setFailed('failed');
    const wait = Number(data?.retryAfterSeconds);
    if (!Number.isFinite(wait) || wait <= 0) return setFailed(null);
    // Rebuilt under 2 minutes ago: ask again when the 2 minutes are up.
    const seconds = Math.min(Math.ceil(wait), 120);
    setFailed({ retryInSeconds: seconds });
    retryTimer = setTimeout(() => void requestSiteRebuild(), seconds * 1000);
  } catch {
    setFailed('failed');
  }
}

function flush(): void {
  if (timer === null) return;
  clearTimeout(timer);
  timer = null;
  window.removeEventListener('pagehide', flush);
  void requestSiteRebuild();
}

/** Asks for a rebuild once the catalogue edits have paused (or the dashboard is left). */
export function scheduleSiteRebuild(): void {
  if (timer === null) window.addEventListener('pagehide', flush);
  else clearTimeout(timer);
  timer = setTimeout(flush, SITE_REBUILD_QUIET_MS);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** How the last rebuild request failed (null until one has, and on the server). */
export function useSiteRebuildFailed(): RebuildFailure {
  return useSyncExternalStore(
    subscribe,
    () => failed,
    () => null,
  );
}
