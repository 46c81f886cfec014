// check-audio-upload: an audio file goes straight from the admin's browser to Storage; before it may be used,
// this reads the stored object's bytes (supabase/functions/_shared/audio-bytes.ts: MP3 frames, or an M4A with
// an audio brand, and the length read from them; docs/security.md "Uploads"). Not audio: the object is removed
// at once and the answer is 422. Audio uploaded for one client: the check is recorded (record_checked_upload),
// and admin_assign_private_audio / admin_add_private_audio accept only a checked object, with this length.
//
// POST { bucket: 'private-audio' | 'audio', name } with an admin's JWT → 200 { durationSeconds, contentType }.
// 401 signed out, 403 not an admin, 400 bad body or a name the dashboard never generates, 404 no such object,
// 422 not an MP3 or M4A (removed), 502 Storage could not be read.
import { refuseUnlessAdmin } from '../_shared/admin.ts';
import { inspectAudio, type ByteReader } from '../_shared/audio-bytes.ts';
import { requireEnv, serve } from '../_shared/env.ts';
import { errorJson, json, preflight, readJsonObject, requirePost } from '../_shared/http.ts';
import { requireUser } from '../_shared/auth.ts';
import { secretKey } from '../_shared/keys.ts';
import { serviceClient } from '../_shared/supabase.ts';
import { messages } from './messages.ts';

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
/** The names the dashboard generates (never the file's own): per bucket. */
const NAMES: Record<string, RegExp> = {
  'private-audio': new RegExp(`^${UUID}\\.(mp3|m4a)$`),
  audio: new RegExp(`^(full|previews)/${UUID}-\\d{1,16}\\.(mp3|m4a)$`),
};

class StorageReadError extends Error {}

/** Reads the stored object by byte ranges with the service role (the file can be hundreds of megabytes). */
async function storageReader(bucket: string, name: string): Promise<ByteReader | null> {
  const url = `${requireEnv('SUPABASE_URL')}/storage/v1/object/authenticated/${bucket}/${name}`;
  const key = secretKey();
  const read = async (start: number, end: number): Promise<{ bytes: Uint8Array; size: number } | null> => {
    const response = await fetch(url, {
      headers: {
        authorization: `Bearer ${key}`,
        apikey: key,
        range: `bytes=${start}-${Math.max(start, end - 1)}`,
      },
    });
    if (response.status === 404 || response.status === 400) {
      await response.body?.cancel();
      return null;
    }
    if (response.status === 416) {
      await response.body?.cancel();
      return { bytes: new Uint8Array(0), size: start };
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new StorageReadError(`Storage answered ${response.status}`);
    }
    const total = /\/(\d+)$/.exec(response.headers.get('content-range') ?? '')?.[1];
    const bytes = new Uint8Array(await response.arrayBuffer());
    // A server that ignores Range sends the whole object: keep only what was asked for.
    const size = total ? Number(total) : bytes.length;
    return { bytes: response.status === 206 ? bytes : bytes.subarray(start, end), size };
  };
  const first = await read(0, 16);
  if (!first) return null;
  return {
    size: first.size,
    read: async (start, end) => (await read(start, Math.min(end, first.size)))?.bytes ?? new Uint8Array(0),
  };
}

async function handler(req: Request): Promise<Response> {
  const early = preflight(req) ?? requirePost(req);
  if (early) return early;
  const caller = await requireUser(req);
  if (caller.response) return caller.response;
  const body = await readJsonObject(req);
  const bucket = typeof body?.bucket === 'string' ? body.bucket : '';
  const name = typeof body?.name === 'string' ? body.name : '';
  const pattern = NAMES[bucket];
  if (!pattern || !pattern.test(name)) {
    return errorJson(400, 'Send { bucket, name } with the name the upload was stored under.');
  }
  const db = serviceClient();
  const refused = await refuseUnlessAdmin(db, caller.user.id);
  if (refused) return refused;

  let audio;
  try {
    const reader = await storageReader(bucket, name);
    if (!reader) return errorJson(404, messages.notFound);
    audio = await inspectAudio(reader);
  } catch (error) {
    console.warn('check-audio-upload: Storage could not be read:', (error as Error).message);
    return errorJson(502, messages.unreadable);
  }
  if (!audio || !name.endsWith(`.${audio.extension}`)) {
    const removed = await db.storage.from(bucket).remove([name]);
    // Nothing names the object; if its removal failed the sweep of unrecorded uploads removes it later.
    if (removed.error) console.warn('check-audio-upload: a refused upload could not be removed');
    return errorJson(422, messages.notAudio);
  }
  if (bucket === 'private-audio') {
    const recorded = await db.rpc('record_checked_upload', {
      p_bucket: bucket,
      p_name: name,
      p_duration_seconds: audio.durationSeconds,
    });
    if (recorded.error) return errorJson(500, 'The check could not be recorded. Please try again.');
  }
  return json(200, { durationSeconds: audio.durationSeconds, contentType: audio.contentType });
}

serve(handler);
