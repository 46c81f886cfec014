import { AdminApiError } from '@/features/admin/api/admin-client';
import { putObject, type AudioFormat } from '@/features/admin/audio-upload';
import { getSupabase } from '@/lib/supabase';

// Audio the practitioner uploads privately for one client (docs/programmes.md "Private audio for one client"):
// stored in its own private bucket under a random name (never the title or the client), then recorded and
// assigned in one admin function, logged. If recording fails, the stored file is removed again.

/** The bucket of audio uploaded for one client: admins write, nobody else reads (links come from audio-url). */
const PRIVATE_AUDIO_BUCKET = 'private-audio';

export interface PrivateAudioUpload {
  email: string;
  title: string;
  note: string;
  file: File;
  format: AudioFormat;
  /** Whole seconds read from the file; null when it could not be read. */
  durationSeconds: number | null;
  onProgress: (percent: number) => void;
}

export interface PrivateAudioAssigned {
  assignmentId: string;
  hasAccount: boolean;
}

export async function uploadPrivateAudio(upload: PrivateAudioUpload): Promise<PrivateAudioAssigned> {
  const client = await getSupabase();
  const { data: session } = await client.auth.getSession();
  const token = session.session?.access_token;
  if (!token) throw new AdminApiError('Your session has ended. Please sign in again.');

  const name = `${crypto.randomUUID()}.${upload.format.extension}`;
  await putObject(
    PRIVATE_AUDIO_BUCKET,
    name,
    upload.file,
    upload.format.contentType,
    token,
    upload.onProgress,
  );

  const { data, error } = await client.rpc('admin_assign_private_audio', {
    p_email: upload.email.trim(),
    p_title: upload.title.trim(),
    p_duration_seconds: upload.durationSeconds,
    p_object_path: name,
    p_note: upload.note,
  });
  if (error) {
    await client.storage.from(PRIVATE_AUDIO_BUCKET).remove([name]);
    throw new AdminApiError(error.message, error.code);
  }
  const result = data as { assignment_id: string; has_account: boolean };
  return { assignmentId: result.assignment_id, hasAccount: result.has_account };
}

/** Removes an uploaded file once its assignment (and so its private audio) is gone. */
export async function removePrivateAudioFile(name: string): Promise<void> {
  const client = await getSupabase();
  const { error } = await client.storage.from(PRIVATE_AUDIO_BUCKET).remove([name]);
  if (error) throw new AdminApiError(error.message);
}
