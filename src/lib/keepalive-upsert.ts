// A PostgREST upsert with the signed-in session, as a plain fetch so the one sent as the page is hidden can be
// `keepalive` (sendBeacon cannot carry the Authorization header). The listening positions and the practice
// sessions write through it (src/lib/outbox-sync.ts sends their outboxes).
import type { SupabaseClient } from '@supabase/supabase-js';
import { supabaseEnv } from '@/config/supabase-env';
import { getSupabase } from '@/lib/supabase';

/** The project to write to: the app's own, or a test stack's. */
export interface RestProject {
  url: string;
  apiKey: string;
  client: () => Promise<SupabaseClient>;
}

export const appProject: RestProject = {
  url: supabaseEnv.supabaseUrl,
  apiKey: supabaseEnv.supabaseKey,
  client: getSupabase,
};

/**
 * Upserts into `table` (merging on `onConflict`); answers the response, whatever its status. Rejects when
 * signed out.
 */
export function keepaliveUpsert(
  project: RestProject,
  table: string,
  onConflict: string,
): (rows: readonly unknown[], options: { keepalive: boolean }) => Promise<Response> {
  let token: string | null = null;
  const endpoint = `${project.url.replace(/\/+$/, '')}/rest/v1/${table}?on_conflict=${onConflict}`;
  const freshToken = async () => {
    const { data } = await (await project.client()).auth.getSession();
    token = data.session?.access_token ?? null;
    return token;
  };
  return async (rows, { keepalive }) => {
    // Hidden: no await before the request (the page may be frozen), so the token last seen is used.
    const bearer = keepalive && token ? token : await freshToken();
    if (!bearer) throw new Error('Signed out');
    return fetch(endpoint, {
      method: 'POST',
      keepalive,
      headers: {
        apikey: project.apiKey,
        Authorization: `Bearer ${bearer}`,
        'Content-Type': 'application/json',
        Prefer: 'resolution=merge-duplicates,return=minimal',
      },
      body: JSON.stringify(rows),
    });
  };
}
