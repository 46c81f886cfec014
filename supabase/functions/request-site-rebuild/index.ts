// request-site-rebuild: after the practitioner changes the catalogue, the static host rebuilds the site so the
// prerendered shop pages show it (docs/catalogue-rebuild.md). The host's build hook URL is a secret of this
// function (SITE_REBUILD_HOOK_URL: anyone holding it can start builds), never in the client. The dashboard
// calls this once per burst of edits; the host folds builds requested during a build into one. At most one
// rebuild per 2 minutes, whoever asks and however many at once (claim_site_rebuild: a locked row in the
// database), so a stolen admin session or a loop cannot run up the host's build minutes.
//
// POST with an admin's JWT → 200 { requested: true } (the hook accepted), or 200 { requested: false } when no
// hook is configured (the shop still shows the change from the database; the prerendered pages wait for
// the next deploy), or 200 { requested: false, retryAfterSeconds } when a rebuild was asked for under 2 minutes
// ago (nothing failed: the dashboard asks again then). 401 signed out, 403 not an admin, 502 the hook refused
// or could not be reached.
import { env, serve } from '../_shared/env.ts';
import { errorJson, json, preflight, requirePost } from '../_shared/http.ts';
import { requireUser } from '../_shared/auth.ts';
import { serviceClient } from '../_shared/supabase.ts';

async function handler(req: Request): Promise<Response> {
  const early = preflight(req) ?? requirePost(req);
  if (early) return early;

  const caller = await requireUser(req);
  if (caller.response) return caller.response;
  const db = serviceClient();
  const role = await db
    .from('user_roles')
    .select('user_id')
    .eq('user_id', caller.user.id)
    .eq('role', 'admin')
    .maybeSingle();
  if (role.error) return errorJson(500, 'Could not check your role. Please try again.');
  if (!role.data) return errorJson(403, 'Admin privileges required.');

  const claim = await db.rpc('claim_site_rebuild');
  if (claim.error) return errorJson(500, 'Could not ask for the rebuild. Please try again.');
  const claimed = claim.data as { allowed: boolean; retry_after_seconds?: number };
  if (!claimed.allowed) {
    // Deferred rather than refused (so a browser logs no failed request): the caller asks again then.
    const seconds = Math.max(1, claimed.retry_after_seconds ?? 120);
    return json(200, { requested: false, retryAfterSeconds: seconds }, { 'Retry-After': String(seconds) });
  }

  const hook = env('SITE_REBUILD_HOOK_URL');
  if (!hook) {
    console.warn(
      'SITE_REBUILD_HOOK_URL is not set: the prerendered pages keep the catalogue of the last build',
    );
    return json(200, { requested: false });
  }
  try {
    // Netlify's, Cloudflare Pages' and Vercel's hooks all take a bodyless or empty-JSON POST.
    const response = await fetch(hook, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
      signal: AbortSignal.timeout(10_000),
    });
    await response.body?.cancel();
    if (!response.ok) {
      console.error(`The deploy hook answered ${response.status}`);
      return errorJson(502, 'The site host did not accept the rebuild. Please try again.');
    }
  } catch (error) {
    console.error('The deploy hook could not be reached:', error instanceof Error ? error.message : error);
    return errorJson(502, 'The site host could not be reached. Please try again.');
  }
  return json(200, { requested: true });
}

serve(handler);
