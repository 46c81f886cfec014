import { supabaseEnv } from '@/config/supabase-env';
import { createAudioLinkCache } from './audio-link-cache';
import { getSignedInUserId, getSupabase } from './supabase';

/** The private Storage bucket that holds every audio file (full tracks and previews). */
export const AUDIO_BUCKET = 'audio';

/**
 * The Cache-Control an uploaded audio is stored with, which Storage then answers every download with
 * (docs/security.md "Cached audio links"): a bought or private recording is reached only by a link that works
 * for minutes, so no browser or CDN may keep it past that; a preview is public.
 */
export function audioCacheControl(bucket: string, objectName: string): string {
  return bucket === AUDIO_BUCKET && objectName.startsWith('previews/')
    ? 'public, max-age=3600'
    : 'private, no-store';
}

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

/** Mints a link through the `audio-url` edge function, which checks the purchase (docs/audio-links.md). */
async function mintOwnedAudioUrl(productId: string): Promise<SignedAudioUrl> {
  const client = await getSupabase();
  const { data, error } = await client.functions.invoke<unknown>('audio-url', {
    method: 'POST',
    body: { audioId: productId },
  });
  const signed = error ? null : signedAudioUrl(data);
  if (!signed) throw new AudioUnavailableError('This audio is not available.');
  return signed;
}

// A link minted ahead is asked for only while its account is still the one signed in: after a sign-out the
// request would go without a session, and audio-url would refuse it (401).
const links = createAudioLinkCache(async (productId, account) => {
  if ((await getSignedInUserId()) !== account)
    throw new AudioUnavailableError('This audio is not available.');
  return mintOwnedAudioUrl(productId);
});

/**
 * A short-lived link to the full audio of a product the signed-in customer owns (or any product, for an
 * admin), minted by the `audio-url` edge function after it checks the purchase; its lifetime is the server's
 * (docs/audio-links.md), so the player asks again before `expiresAt`. A fresh link minted ahead (below) is
 * used when one waits.
 */
export async function signOwnedAudioUrl(productId: string): Promise<SignedAudioUrl> {
  const account = await getSignedInUserId();
  // Signed out (or signing out): audio-url would refuse the request, so none is sent.
  if (!account) throw new AudioUnavailableError('This audio is not available.');
  return links.take(account, productId);
}

/**
 * A fresh link minted ahead for `account`'s `productId`, taken now (synchronously: a press starts the media in
 * its own handler, docs/audio-links.md "Minted ahead"); null when none has arrived yet.
 */
export function takeMintedOwnedAudioUrl(account: string, productId: string): SignedAudioUrl | null {
  return links.takeMinted(account, productId);
}

/** Mints `productId`'s link now (Play is about to be pressed, or was: the player's code is still loading). */
export function prefetchOwnedAudioUrl(productId: string): void {
  void getSignedInUserId().then(
    (account) => account && links.prefetch(account, productId),
    () => undefined,
  );
}

/** Keeps fresh links waiting for `productIds` while they are shown (a few at most); returns the stop. */
export function keepOwnedAudioUrlsFresh(productIds: readonly string[]): () => void {
  let stop: (() => void) | null = null;
  let stopped = false;
  void getSignedInUserId().then(
    (account) => {
      if (account && !stopped) stop = links.keepFresh(account, productIds);
    },
    () => undefined,
  );
  return () => {
    stopped = true;
    stop?.();
  };
}
