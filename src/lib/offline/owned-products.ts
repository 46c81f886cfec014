import type { SupabaseClient } from '@supabase/supabase-js';

/**
 * The audio `userId` may keep now, by the id the player knows it by: the products they own (a purchase row)
 * and the audio their practitioner uploaded for them (a private_audio row: docs/programmes.md), what the
 * audio-url function checks before minting a link. Null when the server did not answer completely (offline, an
 * error): only a complete answer may remove saved copies.
 */
export async function fetchOwnedProductIds(
  client: SupabaseClient,
  userId: string,
): Promise<Set<string> | null> {
  try {
    const [purchases, uploaded] = await Promise.all([
      client.from('purchases').select('product_id').eq('user_id', userId),
      client.from('private_audio').select('id').eq('user_id', userId),
    ]);
    if (purchases.error || !Array.isArray(purchases.data)) return null;
    if (uploaded.error || !Array.isArray(uploaded.data)) return null;
    return new Set([
      ...(purchases.data as { product_id: string | null }[])
        .map((row) => row.product_id)
        .filter((id): id is string => typeof id === 'string'),
      ...(uploaded.data as { id: string }[]).map((row) => row.id),
    ]);
  } catch {
    return null;
  }
}
