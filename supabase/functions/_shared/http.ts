// Responses of the edge functions: JSON with CORS headers (supabase-js calls them from the browser), and the
// functions answer their own preflights.

export const corsHeaders: Record<string, string> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Headers': 'authorization, x-client-info, apikey, content-type',
  'Access-Control-Allow-Methods': 'POST, OPTIONS',
  'Access-Control-Max-Age': '86400',
};

/** A JSON response with CORS headers. */
export function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { ...corsHeaders, 'Content-Type': 'application/json; charset=utf-8', ...headers },
  });
}

/** `{ error: message }` with a status: what every refusal looks like. */
export function errorJson(status: number, message: string): Response {
  return json(status, { error: message });
}

/** The answer to a CORS preflight, or null when the request is not one. */
export function preflight(req: Request): Response | null {
  return req.method === 'OPTIONS' ? new Response('ok', { headers: corsHeaders }) : null;
}

/** Refuses anything but POST (after the preflight). */
export function requirePost(req: Request): Response | null {
  return req.method === 'POST' ? null : errorJson(405, 'Method not allowed: use POST.');
}

/** The request's JSON body as an object, or null when it is missing, malformed or not an object. */
export async function readJsonObject(req: Request): Promise<Record<string, unknown> | null> {
  try {
    const value: unknown = await req.json();
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}
