import { getSupabase } from './supabase';

/** The private Storage bucket that holds every audio file (full tracks and previews). */
export const AUDIO_BUCKET = 'audio';

/** How long a signed URL for a full track lives. Short: the player re-signs when one expires mid-listen. */
export const OWNED_AUDIO_URL_SECONDS = 600;

export class AudioUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AudioUnavailableError';
  }
}

/**
 * A short-lived signed URL for the full audio of a product the signed-in customer owns (or any product, for
 * an admin). Storage's RLS decides: the URL is issued only to the owner. The object name is looked up from
 * the product at play time, so a replaced file (new object name) is picked up. Pass `download` (a file name)
 * for a URL that answers with Content-Disposition: attachment.
 */
export async function signOwnedAudioUrl(
  productId: string,
  options: { download?: string; expiresIn?: number } = {},
): Promise<string> {
  const client = await getSupabase();
  const { data, error } = await client
    .from('products')
    .select('audio_path')
    .eq('id', productId)
    .maybeSingle();
  if (error) throw new AudioUnavailableError(error.message);
  const audioPath = (data as { audio_path: string | null } | null)?.audio_path;
  if (!audioPath) throw new AudioUnavailableError('This audio is not available.');
  const signed = await client.storage
    .from(AUDIO_BUCKET)
    .createSignedUrl(audioPath, options.expiresIn ?? OWNED_AUDIO_URL_SECONDS, {
      download: options.download ?? false,
    });
  if (signed.error || !signed.data)
    throw new AudioUnavailableError(signed.error?.message ?? 'Could not sign the audio URL.');
  return signed.data.signedUrl;
}
