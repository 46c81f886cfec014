// audio-url: a short-lived link to the full audio of a product the signed-in caller owns, or of audio the
// practitioner uploaded privately for them (public.private_audio, docs/programmes.md "Private audio for one
// client"); an admin gets any. Audio given only by a programme step that is still locked waits for the step to
// open (public.can_stream_audio, docs/programmes.md "Unlock"), a private audio in a step as a catalogue one. Storage lets no customer sign full or private
// audio (migrations 20261125300000_audio_links_server_side.sql, 20261129200000_private_client_audio.sql): the
// link is minted here with the service role after the ownership check, valid for AUDIO_URL_SECONDS (default
// 300; never chosen by the client). A refund, dispute, removed assignment or account deletion removes the
// purchase, the private audio or the user, so no new link is minted, and links already issued die within their
// lifetime (docs/audio-links.md).
//
// POST { audioId } (a product's id or a private audio's id; `productId` is accepted as its former name) with
// the customer's JWT → 200 { path, expiresAt }: path is the signed URL's path and query from /storage/v1 on (the
// browser puts its own project URL in front), expiresAt Unix seconds. 401 signed out, 400 bad body, 404 not
// owned / no such audio / no file, 500 otherwise.
import { env, serve } from '../_shared/env.ts';
import { errorJson, json, preflight, readJsonObject, requirePost } from '../_shared/http.ts';
import { requireUser } from '../_shared/auth.ts';
import { serviceClient } from '../_shared/supabase.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const AUDIO_BUCKET = 'audio';
const PRIVATE_AUDIO_BUCKET = 'private-audio';
/** How long a minted link lives unless AUDIO_URL_SECONDS says otherwise. */
export const DEFAULT_AUDIO_URL_SECONDS = 300;
/** The longest lifetime a deployer may set: a refunded customer loses access within 10 minutes. */
export const MAX_AUDIO_URL_SECONDS = 600;
const NOT_AVAILABLE = 'This audio is not available to your account.';

/** The configured lifetime in whole seconds, within 1..MAX_AUDIO_URL_SECONDS. */
export function audioUrlSeconds(): number {
  const configured = Number(env('AUDIO_URL_SECONDS') ?? DEFAULT_AUDIO_URL_SECONDS);
  if (!Number.isInteger(configured) || configured < 1) return DEFAULT_AUDIO_URL_SECONDS;
  return Math.min(configured, MAX_AUDIO_URL_SECONDS);
}

/**
 * Where the caller's audio is stored, or null when they may not have it: a catalogue product they may stream
 * (can_stream_audio) or any product for an admin; a private audio that is theirs and not held back by a locked
 * step (can_stream_audio too), or any for an admin.
 */
export function streamSource(
  callerId: string,
  isAdmin: boolean,
  canStream: boolean,
  product: { audio_path: string | null } | null,
  privateAudio: { user_id: string | null; object_path: string } | null,
): { bucket: string; path: string } | null {
  if (product) {
    return product.audio_path && (canStream || isAdmin)
      ? { bucket: AUDIO_BUCKET, path: product.audio_path }
      : null;
  }
  if (privateAudio && (isAdmin || (privateAudio.user_id === callerId && canStream))) {
    return { bucket: PRIVATE_AUDIO_BUCKET, path: privateAudio.object_path };
  }
  return null;
}

export async function handleAudioUrl(req: Request): Promise<Response> {
  const early = preflight(req) ?? requirePost(req);
  if (early) return early;

  const caller = await requireUser(req);
  if (caller.response) return caller.response;

  const body = await readJsonObject(req);
  const audioId = body?.audioId ?? body?.productId;
  if (typeof audioId !== 'string' || !UUID.test(audioId)) {
    return errorJson(400, 'Send { audioId } with the id of an audio you own.');
  }

  const db = serviceClient();
  const [streamable, role, product, privateAudio] = await Promise.all([
    // Owned, and not held back by a programme step that is still locked (docs/programmes.md "Unlock").
    db.rpc('can_stream_audio', { p_user_id: caller.user.id, p_product_id: audioId }),
    db.from('user_roles').select('user_id').eq('user_id', caller.user.id).eq('role', 'admin').maybeSingle(),
    db.from('products').select('audio_path').eq('id', audioId).maybeSingle(),
    db.from('private_audio').select('user_id, object_path').eq('id', audioId).maybeSingle(),
  ]);
  if (streamable.error || role.error || product.error || privateAudio.error) {
    console.warn(
      'audio-url lookup failed:',
      streamable.error?.code ?? role.error?.code ?? product.error?.code ?? privateAudio.error?.code,
    );
    return errorJson(500, 'Could not check your purchases. Please try again.');
  }
  const source = streamSource(
    caller.user.id,
    Boolean(role.data),
    streamable.data === true,
    product.data as { audio_path: string | null } | null,
    privateAudio.data as { user_id: string | null; object_path: string } | null,
  );
  // The same answer for "not yours" and "no such audio": nothing tells which audio exists.
  if (!source) return errorJson(404, NOT_AVAILABLE);

  const seconds = audioUrlSeconds();
  const issuedAt = Math.floor(Date.now() / 1000);
  // The object name is the product id (a private audio's: a random id), never the title (docs/product-rules.md D26 "Health data": no title in a URL); a
  // download is fetched with this same link and named by the browser's save step.
  const signed = await db.storage.from(source.bucket).createSignedUrl(source.path, seconds);
  if (signed.error || !signed.data) {
    console.warn('audio-url signing failed');
    return errorJson(404, NOT_AVAILABLE);
  }
  // Progress counts only as far as real time since this run of links began (docs/security.md "Programme
  // progress"); a failure here costs the listener a "listened", never the link.
  const recorded = await db.rpc('record_audio_link', { p_user_id: caller.user.id, p_audio_id: audioId });
  if (recorded.error) console.warn('audio-url could not record the link:', recorded.error.code);
  const url = new URL(signed.data.signedUrl);
  return json(
    200,
    { path: `${url.pathname}${url.search}`, expiresAt: issuedAt + seconds },
    { 'Cache-Control': 'no-store' },
  );
}

serve(handleAudioUrl);
