import { supabaseEnv } from '@/config/supabase-env';
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

// What audio-url answers: the signed path on the Storage API, and when it expires.
const SIGNED_PATH = /^\/storage\/v1\/object\/sign\/[^?#]+\?token=[\w.-]+$/;

function signedAudioUrl(value: unknown): SignedAudioUrl | null {
  if (typeof value !== 'object' || value === null) return null;
  const { path, expiresAt } = value as Record<string, unknown>;
  if (typeof path !== 'string' || !SIGNED_PATH.test(path)) return null;
  if (typeof expiresAt !== 'number' || !Number.isFinite(expiresAt)) return null;
  // The project URL this browser uses (the function may know the API under another host name).
  return { url: `${supabaseEnv.supabaseUrl.replace(/\/+$/, '')}${path}`, expiresAt };
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
  const signed = error ? null : signedAudioUrl(data);
  if (!signed) throw new AudioUnavailableError('This audio is not available.');
  return signed;
}
