import { catalogueText } from '@/content/admin';
import { programmesAdminText as text } from '@/content/programmes';
import { readAudioDuration } from '@/lib/audio-duration';
import { checkAudioFile, type AudioFormat } from '@/lib/audio-upload';

export type CheckedUpload =
  | { ok: true; file: File; format: AudioFormat; durationSeconds: number | null }
  | { ok: false; message: string };

/**
 * What both private uploads (the assign form's and a step's) check before storing anything: a file and a title
 * given, the file a real MP3 or M4A, and its length read from it (null when it cannot be read).
 */
export async function checkPrivateUpload(file: File | null, title: string): Promise<CheckedUpload> {
  if (!file) return { ok: false, message: text.fileRequired };
  if (!title.trim()) return { ok: false, message: text.uploadTitleRequired };
  const format = await checkAudioFile(file);
  if (typeof format === 'string') return { ok: false, message: catalogueText[format] };
  return { ok: true, file, format, durationSeconds: await readAudioDuration(file, format.extension) };
}

/** The title a chosen file suggests: its name without the extension. */
export function titleFromFileName(file: File): string {
  return file.name.replace(/\.[^.]+$/, '');
}
