import { AUTH_STORAGE_KEY } from '@/lib/supabase';

/**
 * The id of the signed-in account as supabase-js stored it (the player knows no more than that, and offline it
 * is all there is); null when signed out. Whose saved audio the player's button shows.
 */
export function readStoredAccountId(): string | null {
  try {
    const raw = window.localStorage.getItem(AUTH_STORAGE_KEY);
    if (!raw) return null;
    const id = (JSON.parse(raw) as { user?: { id?: unknown } } | null)?.user?.id;
    return typeof id === 'string' && id !== '' ? id : null;
  } catch {
    return null;
  }
}
