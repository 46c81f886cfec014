import { queryOptions } from '@tanstack/react-query';
import { getSignedInSupabase } from '@/lib/supabase';
import { programmeKeys } from './keys';
import { ProgrammesApiError, SIGNED_OUT } from './request';

/**
 * The signed-in client's own audio held back by a programme step that has not opened yet (docs/programmes.md
 * "Unlock and today's step"), by product id: the same rule audio-url mints links by (public.can_stream_audio).
 */
export const heldBackAudioQuery = (userId: string) =>
  queryOptions({
    queryKey: programmeKeys.heldBack(userId),
    // Asked again on every visit to My Account: a step opens with time and with listening.
    staleTime: 0,
    queryFn: async (): Promise<ReadonlySet<string>> => {
      const client = await getSignedInSupabase();
      if (!client) throw new ProgrammesApiError(SIGNED_OUT);
      const { data, error } = await client.rpc('my_locked_audio');
      if (error) throw new ProgrammesApiError(error.message);
      return new Set(data as string[]);
    },
  });
