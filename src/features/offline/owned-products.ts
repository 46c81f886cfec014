import type { SupabaseClient } from '@supabase/supabase-js';

/**
 * The products `userId` owns now (a purchase row: what the audio-url function checks before minting a link),
 * or null when the server did not answer (offline, an error): only a complete answer may remove saved copies.
 */
export async function fetchOwnedProductIds(
  client: SupabaseClient,
  userId: string,
): Promise<Set<string> | null> {
  try {
    const { data, error } = await client.from('purchases').select('product_id').eq('user_id', userId);
    if (error || !Array.isArray(data)) return null;
    return new Set(
      (data as { product_id: string | null }[])
        .map((row) => row.product_id)
        .filter((id): id is string => typeof id === 'string'),
    );
  } catch {
    return null;
  }
}
