import { getSupabase } from '@/lib/supabase';

// After a catalogue write the prerendered shop pages are out of date until the site is rebuilt; the
// request-site-rebuild edge function calls the host's build hook (docs/catalogue-rebuild.md). A burst of
// edits (a price, then a title, then publishing) asks once, after the edits have paused; leaving the
// dashboard sends a waiting request at once.

/** How long the edits must pause before the rebuild is asked for. */
export const SITE_REBUILD_QUIET_MS = 2_000;

let timer: ReturnType<typeof setTimeout> | null = null;

async function requestSiteRebuild(): Promise<void> {
  const client = await getSupabase();
  const { error } = await client.functions.invoke('request-site-rebuild', { body: {} });
  // The shop already shows the change from the database; only the prerendered copy waits for the next build.
  if (error) console.warn('The site rebuild was not requested:', error.message);
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
