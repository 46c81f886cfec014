import { queryOptions } from '@tanstack/react-query';
import { callRpc } from '@/lib/admin-api/client';
import { getSupabase } from '@/lib/supabase';
import type { AssignedProgramme } from '../programme-steps';
import { stepsArgument, type ProgrammeDraft } from './drafts';
import { programmeKeys, useProgrammesMutation } from './keys';
import { ProgrammesApiError } from './request';
import { PROGRAMME_COLUMNS, toProgramme, type ProgrammeRow } from './rows';

// The admin's programme templates (docs/programmes.md "The data"): read under RLS, saved and duplicated by the
// admin functions (logged).

export type ProgrammeTemplate = AssignedProgramme;

/** The admin's templates, newest first. */
export const templatesQuery = () =>
  queryOptions({
    queryKey: programmeKeys.templates(),
    queryFn: async (): Promise<ProgrammeTemplate[]> => {
      const client = await getSupabase();
      const { data, error } = await client
        .from('programmes')
        .select(PROGRAMME_COLUMNS)
        .eq('is_template', true)
        .order('created_at', { ascending: false });
      if (error) throw new ProgrammesApiError(error.message);
      return (data as unknown as ProgrammeRow[]).map(toProgramme);
    },
  });

async function saveProgramme(draft: ProgrammeDraft): Promise<string> {
  return callRpc<string>('admin_save_programme', {
    p_id: draft.id,
    p_title: draft.title.trim(),
    p_introduction: draft.introduction,
    p_sequential_unlock: draft.sequentialUnlock,
    p_steps: stepsArgument(draft.steps),
  });
}

export const useSaveProgramme = () => useProgrammesMutation(saveProgramme);

export const useDuplicateProgramme = () =>
  useProgrammesMutation((id: string) => callRpc<string>('admin_duplicate_programme', { p_id: id }));
