// Reading the practice log: the caller's listening sessions of the days shown (public.listening_sessions,
// docs/practice-log.md). Filtered by user id as well as by RLS, as My Account's other reads.
import { queryOptions } from '@tanstack/react-query';
import type { SupabaseClient } from '@supabase/supabase-js';
import { getSupabase } from '@/lib/supabase';
import { queryKeyRoots } from '@/lib/query-client';

/** One session as the log needs it. */
export interface PracticeSession {
  productId: string;
  /** The listener's calendar day, 'YYYY-MM-DD'. */
  day: string;
  seconds: number;
  finished: boolean;
}

interface SessionRow {
  product_id: string;
  listened_on: string;
  seconds: number;
  finished: boolean;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Sessions listened between `from` and `to` (inclusive days, 'YYYY-MM-DD'). */
export async function fetchPracticeSessions(
  client: SupabaseClient,
  userId: string,
  from: string,
  to: string,
): Promise<PracticeSession[]> {
  // The days are the page's own (computed, never typed by anyone); checked anyway before they reach a filter.
  if (!DAY.test(from) || !DAY.test(to)) throw new Error('Invalid day range');
  const { data, error } = await client
    .from('listening_sessions')
    .select('product_id, listened_on, seconds, finished')
    .eq('user_id', userId)
    .gte('listened_on', from)
    .lte('listened_on', to);
  if (error) throw new Error(error.message);
  return (data as SessionRow[]).map((row) => ({
    productId: row.product_id,
    day: row.listened_on,
    seconds: row.seconds,
    finished: row.finished,
  }));
}

/** The sessions of `from`…`to` for the log; refetched when My Account is shown again. */
export function practiceSessionsQueryOptions(userId: string, from: string, to: string) {
  return queryOptions({
    queryKey: [...queryKeyRoots.account, 'practice', userId, from, to],
    queryFn: async () => fetchPracticeSessions(await getSupabase(), userId, from, to),
  });
}
