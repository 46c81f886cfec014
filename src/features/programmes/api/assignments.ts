import { queryOptions } from '@tanstack/react-query';
import type { SupabaseClient } from '@supabase/supabase-js';
import { callRpc } from '@/lib/admin-api/client';
import { getSupabase } from '@/lib/supabase';
import type { Assignment, ListeningProgress } from '../programme-steps';
import { stepsArgument, type ProgrammeDraft } from './drafts';
import { programmeKeys, useProgrammesMutation } from './keys';
import { removePrivateAudioFile, uploadPrivateAudio, type PrivateAudioUpload } from './private-audio';
import { ProgrammesApiError } from './request';
import {
  ASSIGNMENT_COLUMNS,
  PROGRESS_COLUMNS,
  toAssignment,
  toProgress,
  type AssignmentRow,
  type ProgressRow,
} from './rows';

// What was assigned to a client and how far they listened (docs/programmes.md): read under RLS (a client their
// own, an admin anyone's); assigned, edited and removed by the admin functions (logged), and emailed by
// notify-assignment (docs/programmes.md "Emails").

export interface AssignRequest {
  email: string;
  programmeId: string | null;
  productId: string | null;
  note: string;
  access: 'granted' | 'offered';
}

export interface AssignResult {
  assignmentId: string;
  hasAccount: boolean;
  emailed: boolean;
}

/** A user's assignments (newest first) and their progress on the assigned audio, keyed by product. */
async function fetchAssignments(
  client: SupabaseClient,
  userId: string,
): Promise<{ assignments: Assignment[]; progress: Map<string, ListeningProgress> }> {
  const [assignments, progress] = await Promise.all([
    client
      .from('client_assignments')
      .select(ASSIGNMENT_COLUMNS)
      .eq('user_id', userId)
      .order('assigned_at', { ascending: false }),
    client.from('programme_progress').select(PROGRESS_COLUMNS).eq('user_id', userId),
  ]);
  if (assignments.error) throw new ProgrammesApiError(assignments.error.message);
  if (progress.error) throw new ProgrammesApiError(progress.error.message);
  return {
    assignments: (assignments.data as unknown as AssignmentRow[]).map(toAssignment),
    progress: new Map((progress.data as ProgressRow[]).map((row) => [row.product_id, toProgress(row)])),
  };
}

/** One client's assignments and progress: My Account (their own) and the admin's client record (anyone's). */
export const assignmentsQuery = (userId: string) =>
  queryOptions({
    queryKey: programmeKeys.assignments(userId),
    queryFn: async () => fetchAssignments(await getSupabase(), userId),
  });

/** Asks notify-assignment to email the client (an invitation when they have no account yet); true if sent. */
async function notifyAssignment(assignmentId: string): Promise<boolean> {
  const client = await getSupabase();
  const sent = await client.functions.invoke<{ sent?: boolean }>('notify-assignment', {
    body: { assignmentId },
  });
  return !sent.error && sent.data?.sent === true;
}

/** Assigns, then asks notify-assignment to email the client. */
async function assignToClient(request: AssignRequest): Promise<AssignResult> {
  const result = await callRpc<{ assignment_id: string; has_account: boolean }>('admin_assign_to_client', {
    p_email: request.email.trim(),
    p_programme_id: request.programmeId,
    p_product_id: request.productId,
    p_note: request.note,
    p_access: request.access,
  });
  return {
    assignmentId: result.assignment_id,
    hasAccount: result.has_account,
    emailed: await notifyAssignment(result.assignment_id),
  };
}

/** Uploads audio privately for one client and assigns it to them, then emails them as assigning does. */
async function assignPrivateAudio(upload: PrivateAudioUpload): Promise<AssignResult> {
  const result = await uploadPrivateAudio(upload);
  return { ...result, emailed: await notifyAssignment(result.assignmentId) };
}

/** Edits one client's assignment: its note and, for a programme, their own copy (not the template). Logged. */
async function editAssignment(id: string, note: string, programme: ProgrammeDraft | null): Promise<void> {
  await callRpc<null>('admin_edit_assignment', {
    p_id: id,
    p_note: note,
    p_title: programme ? programme.title.trim() : null,
    p_introduction: programme?.introduction ?? null,
    p_sequential_unlock: programme?.sequentialUnlock ?? null,
    p_steps: programme ? stepsArgument(programme.steps) : null,
  });
}

/**
 * Removes an assignment (the client's copy of a programme goes with it). `keepAudio`: the audio it gave as
 * included stays the client's; otherwise it is taken back (never what they bought). Logged. Returns the files
 * of the private audio that went with it (its own, its steps' unless another assignment of the client uses them).
 */
async function removeAssignment(id: string, keepAudio: boolean): Promise<string[]> {
  return (
    (await callRpc<string[] | null>('admin_remove_assignment', { p_id: id, p_keep_audio: keepAudio })) ?? []
  );
}

export const useAssignToClient = () => useProgrammesMutation(assignToClient);

export const useAssignPrivateAudio = () => useProgrammesMutation(assignPrivateAudio);

export const useEditAssignment = () =>
  useProgrammesMutation((edit: { id: string; note: string; programme: ProgrammeDraft | null }) =>
    editAssignment(edit.id, edit.note, edit.programme),
  );

/**
 * Removes an assignment; the private audio that goes with it (the database removes the rows) loses its files
 * here, since SQL cannot delete them. Answers how many files went.
 */
export const useRemoveAssignment = () =>
  useProgrammesMutation(async (removal: { id: string; keepAudio: boolean }): Promise<number> => {
    // The files of audio uploaded for this client that went with it (none that another assignment still uses).
    const files = await removeAssignment(removal.id, removal.keepAudio);
    for (const file of files) await removePrivateAudioFile(file);
    return files.length;
  });
