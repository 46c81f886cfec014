import { previewUrlSeconds } from '@/config/shop';
import { AUDIO_BUCKET } from '@/lib/audio-storage';
import { getSupabase } from '@/lib/supabase';

/**
 * A signed URL for a product's preview clip. Previews sit in the private audio bucket, readable by anyone
 * (Storage RLS: the previews/ folder). supabase-js is loaded only here, on the first preview played.
 */
export async function signPreviewUrl(previewPath: string): Promise<string> {
  const client = await getSupabase();
  const { data, error } = await client.storage
    .from(AUDIO_BUCKET)
    .createSignedUrl(previewPath, previewUrlSeconds);
  if (error || !data) throw new Error(error?.message ?? 'Could not sign the preview URL');
  return data.signedUrl;
}
