import { supabaseEnv as env } from '@/config/supabase-env';
import { AdminApiError, invokeFunction } from '@/lib/admin-api/client';
import { audioCacheControl } from '@/lib/audio-storage';
import { getSupabase } from '@/lib/supabase';
import { blobReader, inspectAudio } from '../../supabase/functions/_shared/audio-bytes.ts';

// What every audio upload of the admin shares, a product's file (the catalogue tab) and a client's private audio
// (the programmes screens, docs/programmes.md): the check of a chosen file, the upload with progress under the
// admin's session, and the server's check of the stored bytes.

/** The bucket's limit (200 MiB, supabase/migrations/..._audio_storage.sql). */
export const MAX_AUDIO_BYTES = 200 * 1024 * 1024;

export type AudioProblem = 'badType' | 'tooLarge' | 'emptyFile';

export interface AudioFormat {
  extension: 'mp3' | 'm4a';
  contentType: 'audio/mpeg' | 'audio/mp4';
}

/** What the file pickers offer: the formats checkAudioFile accepts. */
export const AUDIO_FILE_ACCEPT = '.mp3,.m4a,audio/mpeg,audio/mp4,audio/x-m4a';

/**
 * Checks a chosen file is an MP3 or an M4A by its name, its declared type and its bytes (an ID3 tag or MPEG
 * frames whose length can be read; an ISO 'ftyp' box with an audio brand and a 'mvhd' length:
 * supabase/functions/_shared/audio-bytes.ts), and that it fits the bucket. The server checks the stored
 * object again (check-audio-upload) before it may be used.
 */
export async function checkAudioFile(file: File): Promise<AudioFormat | AudioProblem> {
  if (file.size === 0) return 'emptyFile';
  if (file.size > MAX_AUDIO_BYTES) return 'tooLarge';
  const name = file.name.toLowerCase();
  const type = file.type.toLowerCase();
  const head = new Uint8Array(await file.slice(0, 12).arrayBuffer());
  const isId3 = head[0] === 0x49 && head[1] === 0x44 && head[2] === 0x33;
  const isFrameSync = head[0] === 0xff && ((head[1] ?? 0) & 0xe0) === 0xe0;
  const isFtyp = head[4] === 0x66 && head[5] === 0x74 && head[6] === 0x79 && head[7] === 0x70;
  const declared =
    name.endsWith('.mp3') && ['', 'audio/mpeg', 'audio/mp3'].includes(type) && (isId3 || isFrameSync)
      ? 'mp3'
      : name.endsWith('.m4a') && ['', 'audio/mp4', 'audio/x-m4a', 'audio/m4a'].includes(type) && isFtyp
        ? 'm4a'
        : null;
  if (!declared) return 'badType';
  const audio = await inspectAudio(blobReader(file));
  if (!audio || audio.extension !== declared) return 'badType';
  return { extension: audio.extension, contentType: audio.contentType };
}

/**
 * Uploads the bytes under a new name in `bucket` with progress (XHR: fetch has no upload progress).
 */
export function putObject(
  bucket: string,
  name: string,
  file: File,
  contentType: string,
  accessToken: string,
  onProgress: (percent: number) => void,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const path = name.split('/').map(encodeURIComponent).join('/');
    xhr.open('POST', `${env.supabaseUrl}/storage/v1/object/${bucket}/${path}`);
    xhr.setRequestHeader('authorization', `Bearer ${accessToken}`);
    xhr.setRequestHeader('apikey', env.supabaseKey);
    xhr.setRequestHeader('content-type', contentType);
    // Kept with the object and sent with every download of it: a full track is never cached past its link.
    xhr.setRequestHeader('cache-control', audioCacheControl(bucket, name));
    xhr.setRequestHeader('x-upsert', 'false');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(100);
        resolve();
        return;
      }
      let message = `Upload failed (${xhr.status})`;
      try {
        message = (JSON.parse(xhr.responseText) as { message?: string }).message ?? message;
      } catch {
        // not JSON: keep the status message
      }
      reject(new AdminApiError(message));
    };
    xhr.onerror = () => reject(new AdminApiError('The upload was interrupted.'));
    xhr.send(file);
  });
}

/**
 * Has the server check the stored object by its bytes (check-audio-upload): one that is not audio is removed
 * there and this throws the function's message. Answers the length the server read.
 */
export async function checkStoredAudio(bucket: string, name: string): Promise<number> {
  const checked = await invokeFunction<{ durationSeconds: number }>('check-audio-upload', { bucket, name });
  return checked.durationSeconds;
}

/** The signed-in admin's access token, which an upload sends; none when the session has ended. */
export async function uploadToken(): Promise<string> {
  const client = await getSupabase();
  const { data: session } = await client.auth.getSession();
  const token = session.session?.access_token;
  if (!token) throw new AdminApiError('Your session has ended. Please sign in again.');
  return token;
}
