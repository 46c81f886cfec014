import { getSupabase } from './supabase';

/** The private Storage bucket that holds every audio file (full tracks and previews). */
export const AUDIO_BUCKET = 'audio';

export class AudioUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AudioUnavailableError';
  }
}

/** A link to a full track and when it stops working (Unix seconds). */
export interface SignedAudioUrl {
  url: string;
  expiresAt: number;
}

function isSignedAudioUrl(value: unknown): value is SignedAudioUrl {
  if (typeof value !== 'object' || value === null) return false;
  const { url, expiresAt } = value as Record<string, unknown>;
  return typeof url === 'string' && url !== '' && typeof expiresAt === 'number' && Number.isFinite(expiresAt);
}

/**
 * A short-lived link to the full audio of a product the signed-in customer owns (or any product, for an
 * admin), minted by the `audio-url` edge function after it checks the purchase; its lifetime is the server's
 * (docs/audio-links.md), so the player asks again before `expiresAt`.
 */
export async function signOwnedAudioUrl(productId: string): Promise<SignedAudioUrl> {
  const client = await getSupabase();
  const { data, error } = await client.functions.invoke<unknown>('audio-url', {
    method: 'POST',
    body: { productId },
  });
  if (error) throw new AudioUnavailableError('This audio is not available.');
  if (!isSignedAudioUrl(data)) throw new AudioUnavailableError('This audio is not available.');
  return data;
}
