import { queryOptions } from '@tanstack/react-query';
import { AdminApiError } from '@/lib/admin-api/client';
import { checkStoredAudio, putObject, uploadToken, type AudioFormat } from '@/lib/audio-upload';
import { getSupabase } from '@/lib/supabase';
import { programmeKeys, useProgrammesMutation } from './keys';
import { ProgrammesApiError } from './request';

// Audio the practitioner uploads privately for one client (docs/programmes.md "Private audio for one client"):
// stored in its own private bucket under a random name (never the title or the client), then recorded (and
// assigned, from the assign form; or kept for a step of the client's copy, from its editor) by an admin
// function, logged. Between the two the server checks the stored bytes (check-audio-upload: not audio is removed
// there; the recording takes the length it read). If recording fails, the stored file is removed again.

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

/** A file for a step of this client's copy of a programme: recorded for the assignment's client, not assigned. */
export interface PrivateStepAudioUpload {
  assignmentId: string;
  title: string;
  file: File;
  format: AudioFormat;
  durationSeconds: number | null;
  onProgress: (percent: number) => void;
}

/** Stores the file under a random name, then records it; if recording is refused the file is removed again. */
async function storeThenRecord<T>(
  file: File,
  format: AudioFormat,
  onProgress: (percent: number) => void,
  record: (name: string) => PromiseLike<{ data: unknown; error: { message: string; code?: string } | null }>,
): Promise<T> {
  const client = await getSupabase();
  const token = await uploadToken();
  const name = `${crypto.randomUUID()}.${format.extension}`;
  await putObject(PRIVATE_AUDIO_BUCKET, name, file, format.contentType, token, onProgress);
  await checkStoredAudio(PRIVATE_AUDIO_BUCKET, name);

  const { data, error } = await record(name);
  if (error) {
    await client.storage.from(PRIVATE_AUDIO_BUCKET).remove([name]);
    throw new AdminApiError(error.message, error.code);
  }
  return data as T;
}

export async function uploadPrivateAudio(upload: PrivateAudioUpload): Promise<PrivateAudioAssigned> {
  const client = await getSupabase();
  const result = await storeThenRecord<{ assignment_id: string; has_account: boolean }>(
    upload.file,
    upload.format,
    upload.onProgress,
    (name) =>
      client.rpc('admin_assign_private_audio', {
        p_email: upload.email.trim(),
        p_title: upload.title.trim(),
        p_duration_seconds: upload.durationSeconds,
        p_object_path: name,
        p_note: upload.note,
      }),
  );
  return { assignmentId: result.assignment_id, hasAccount: result.has_account };
}

/** Uploads a file for a step of a client's copy (admin_add_private_audio); returns the private audio's id. */
async function uploadPrivateStepAudio(upload: PrivateStepAudioUpload): Promise<string> {
  const client = await getSupabase();
  return storeThenRecord<string>(upload.file, upload.format, upload.onProgress, (name) =>
    client.rpc('admin_add_private_audio', {
      p_assignment_id: upload.assignmentId,
      p_title: upload.title.trim(),
      p_duration_seconds: upload.durationSeconds,
      p_object_path: name,
    }),
  );
}

/** Removes an uploaded file once its assignment (and so its private audio) is gone. */
export async function removePrivateAudioFile(name: string): Promise<void> {
  const client = await getSupabase();
  const { error } = await client.storage.from(PRIVATE_AUDIO_BUCKET).remove([name]);
  if (error) throw new AdminApiError(error.message);
}

export const useUploadPrivateStepAudio = () => useProgrammesMutation(uploadPrivateStepAudio);

/** The audio uploaded for one client (by the email it was uploaded for, kept lower-case), for their copy's steps. */
export const clientPrivateAudioQuery = (email: string) =>
  queryOptions({
    queryKey: programmeKeys.privateAudio(email.toLowerCase()),
    queryFn: async (): Promise<{ id: string; title: string }[]> => {
      const client = await getSupabase();
      const { data, error } = await client
        .from('private_audio')
        .select('id, title')
        .eq('email', email.toLowerCase())
        .order('created_at');
      if (error) throw new ProgrammesApiError(error.message);
      return data as { id: string; title: string }[];
    },
  });
