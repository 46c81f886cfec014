import { AdminApiError } from '@/lib/admin-api/client';
import { AUDIO_BUCKET } from '@/lib/audio-storage';
import { checkStoredAudio, putObject, uploadToken, type AudioFormat } from '@/lib/audio-upload';
import { getSupabase } from '@/lib/supabase';

// A product's audio files: the catalogue tab replaces a full track or a preview and lets an admin listen to one.
// The checks and the upload itself are shared with the programmes' private audio (src/lib/audio-upload.ts).

export type AudioKind = 'full' | 'preview';

/**
 * A new object name for a product's file: the product's id and the time, never its title (what someone
 * listens to can reveal a health condition). full/ is owner-only; previews/ is readable by anyone.
 */
export function objectNameFor(
  kind: AudioKind,
  productId: string,
  extension: string,
  now = Date.now(),
): string {
  return `${kind === 'full' ? 'full' : 'previews'}/${productId}-${now}.${extension}`;
}

/**
 * Replaces a product's full track or preview: the new file is stored under a new name first, then the
 * product points at it, then the old object is removed. If any step before the switch fails, the product
 * keeps its current file (and a stored-but-unused new object is removed again).
 */
export async function replaceProductAudio(
  productId: string,
  kind: AudioKind,
  file: File,
  format: AudioFormat,
  onProgress: (percent: number) => void,
  /** The full track's length, read from the file: stored with it, so the two change together. */
  durationSeconds: number | null = null,
): Promise<string> {
  const client = await getSupabase();
  const token = await uploadToken();
  const column = kind === 'full' ? 'audio_path' : 'preview_path';

  const current = await client
    .from('products')
    .select('audio_path, preview_path')
    .eq('id', productId)
    .single();
  if (current.error) throw new AdminApiError(current.error.message, current.error.code);
  const oldName = (current.data as { audio_path: string | null; preview_path: string | null })[column];

  const name = objectNameFor(kind, productId, format.extension);
  await putObject(AUDIO_BUCKET, name, file, format.contentType, token, onProgress);
  await checkStoredAudio(AUDIO_BUCKET, name);

  const updated = await client
    .from('products')
    .update({ [column]: name, ...(durationSeconds !== null ? { duration_seconds: durationSeconds } : {}) })
    .eq('id', productId)
    .select('id')
    .single();
  if (updated.error) {
    await client.storage.from(AUDIO_BUCKET).remove([name]);
    throw new AdminApiError(updated.error.message, updated.error.code);
  }
  if (oldName && oldName !== name) {
    const removed = await client.storage.from(AUDIO_BUCKET).remove([oldName]);
    if (removed.error) console.warn('The replaced audio file could not be removed:', removed.error.message);
  }
  return name;
}

/** A short-lived signed URL for an admin to listen to a stored file. */
export async function signAdminAudio(name: string): Promise<string> {
  const client = await getSupabase();
  const { data, error } = await client.storage.from(AUDIO_BUCKET).createSignedUrl(name, 600);
  if (error || !data) throw new AdminApiError(error?.message ?? 'Could not sign the audio URL.');
  return data.signedUrl;
}
