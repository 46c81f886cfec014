import { queryOptions } from '@tanstack/react-query';
import { getSupabase } from '@/lib/supabase';
import { programmeKeys, useProgrammesMutation } from './keys';
import { ProgrammesApiError } from './request';

// The practitioner's private note on a client (docs/programmes.md "Screens"): client_notes, admins only (RLS).

/** The note on a client ('' when there is none). */
export const clientNoteQuery = (userId: string) =>
  queryOptions({
    queryKey: programmeKeys.note(userId),
    queryFn: async (): Promise<string> => {
      const client = await getSupabase();
      const { data, error } = await client
        .from('client_notes')
        .select('note')
        .eq('user_id', userId)
        .maybeSingle();
      if (error) throw new ProgrammesApiError(error.message);
      return (data as { note: string } | null)?.note ?? '';
    },
  });

async function saveClientNote(userId: string, note: string): Promise<void> {
  const client = await getSupabase();
  const { error } = await client
    .from('client_notes')
    .upsert({ user_id: userId, note }, { onConflict: 'user_id' });
  if (error) throw new ProgrammesApiError(error.message);
}

export const useSaveClientNote = () =>
  useProgrammesMutation((save: { userId: string; note: string }) => saveClientNote(save.userId, save.note));
