import { blobReader, inspectAudio } from '../../supabase/functions/_shared/audio-bytes.ts';

// How long an uploaded audio file plays, read in the browser before it is uploaded, so the product's length
// (shown in the shop) comes from the file rather than from typing. The bytes are read by the same module the
// check-audio-upload function runs on the stored object (supabase/functions/_shared/audio-bytes.ts): an MP3's
// frames (Xing/Info or VBRI header, or size and bitrate), an M4A's 'mvhd' box.

/** Whole seconds the file plays, or null when its bytes are not that format or the length cannot be read. */
export async function readAudioDuration(file: Blob, extension: 'mp3' | 'm4a'): Promise<number | null> {
  const audio = await inspectAudio(blobReader(file));
  return audio && audio.extension === extension ? audio.durationSeconds : null;
}
