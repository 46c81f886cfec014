import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { SupabaseClient } from '@supabase/supabase-js';
import { reauthenticating } from '@/features/admin/api/admin-client';
import { getSignedInSupabase, getSupabase } from '@/lib/supabase';
import type { Assignment, ListeningProgress, ProgrammeStep } from './programme-steps';
import {
  removePrivateAudioFile,
  uploadPrivateAudio,
  uploadPrivateStepAudio,
  type PrivateAudioUpload,
} from './private-audio-upload';

// Every read and write of programmes (docs/programmes.md). Reads are tables under RLS (a client their own, an
// admin all); writes are the admin functions (security definer, admin-checked, logged), the private note
// (admins only under RLS) and notify-assignment (the client's email).

/** A read asked for after the account's session ended (getSignedInSupabase): nothing was sent. */
const SIGNED_OUT = 'Signed out';

export class ProgrammesApiError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ProgrammesApiError';
  }
}

export interface ProgrammeTemplate {
  id: string;
  title: string;
  introduction: string;
  sequentialUnlock: boolean;
  steps: ProgrammeStep[];
}

export interface StepDraft {
  /** The audio's id: a catalogue product's, or a private audio's when `privateAudio` is set. */
  productId: string;
  privateAudio?: boolean;
  dayNumber: number;
  note: string;
}

export interface ProgrammeDraft {
  id: string | null;
  title: string;
  introduction: string;
  sequentialUnlock: boolean;
  steps: StepDraft[];
}

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

interface StepRow {
  id: string;
  position: number;
  day_number: number;
  note: string;
  product_id: string | null;
  products: { title: string } | null;
  private_audio: { id: string; title: string; object_path: string; duration_seconds?: number | null } | null;
}

interface ProgrammeRow {
  id: string;
  title: string;
  introduction: string;
  sequential_unlock: boolean;
  programme_steps: StepRow[];
}

interface AssignmentRow {
  id: string;
  user_id: string | null;
  email: string;
  note: string;
  access: 'granted' | 'offered';
  assigned_at: string;
  product_id: string | null;
  products: { title: string } | null;
  private_audio: { id: string; title: string; object_path: string; duration_seconds?: number | null } | null;
  programmes: ProgrammeRow | null;
}

interface ProgressRow {
  product_id: string;
  furthest_seconds: number;
  listened_at: string | null;
  last_listened_at: string;
}

const STEP_COLUMNS =
  'id, position, day_number, note, product_id, products(title), private_audio(id, title, object_path, duration_seconds)';
const PROGRAMME_COLUMNS = `id, title, introduction, sequential_unlock, programme_steps(${STEP_COLUMNS})`;
const ASSIGNMENT_COLUMNS = `id, user_id, email, note, access, assigned_at, product_id, products(title), private_audio(id, title, object_path, duration_seconds), programmes(${PROGRAMME_COLUMNS})`;

function toSteps(rows: StepRow[]): ProgrammeStep[] {
  return [...rows]
    .sort((a, b) => a.position - b.position)
    .map((row) => ({
      id: row.id,
      position: row.position,
      dayNumber: row.day_number,
      note: row.note,
      ...(row.private_audio
        ? {
            productId: row.private_audio.id,
            title: row.private_audio.title,
            uploadedFile: row.private_audio.object_path,
            ...(row.private_audio.duration_seconds ? { duration: row.private_audio.duration_seconds } : {}),
          }
        : { productId: row.product_id ?? '', title: row.products?.title ?? '' }),
    }));
}

function toProgramme(row: ProgrammeRow): ProgrammeTemplate {
  return {
    id: row.id,
    title: row.title,
    introduction: row.introduction,
    sequentialUnlock: row.sequential_unlock,
    steps: toSteps(row.programme_steps),
  };
}

export function toAssignment(row: AssignmentRow): Assignment {
  return {
    id: row.id,
    userId: row.user_id,
    email: row.email,
    note: row.note,
    access: row.access,
    assignedAt: row.assigned_at,
    programme: row.programmes ? toProgramme(row.programmes) : null,
    audio: row.private_audio
      ? {
          productId: row.private_audio.id,
          title: row.private_audio.title,
          uploadedFile: row.private_audio.object_path,
          ...(row.private_audio.duration_seconds ? { duration: row.private_audio.duration_seconds } : {}),
        }
      : row.product_id
        ? { productId: row.product_id, title: row.products?.title ?? '', uploadedFile: null }
        : null,
  };
}

function toProgress(row: ProgressRow): ListeningProgress {
  return {
    productId: row.product_id,
    furthestSeconds: row.furthest_seconds,
    listenedAt: row.listened_at,
    lastListenedAt: row.last_listened_at,
  };
}

/** A user's assignments (newest first) and their progress on the assigned audio, keyed by product. */
export async function fetchAssignments(
  client: SupabaseClient,
  userId: string,
): Promise<{ assignments: Assignment[]; progress: Map<string, ListeningProgress> }> {
  const [assignments, progress] = await Promise.all([
    client
      .from('client_assignments')
      .select(ASSIGNMENT_COLUMNS)
      .eq('user_id', userId)
      .order('assigned_at', { ascending: false }),
    client
      .from('programme_progress')
      .select('product_id, furthest_seconds, listened_at, last_listened_at')
      .eq('user_id', userId),
  ]);
  if (assignments.error) throw new ProgrammesApiError(assignments.error.message);
  if (progress.error) throw new ProgrammesApiError(progress.error.message);
  return {
    assignments: (assignments.data as unknown as AssignmentRow[]).map(toAssignment),
    progress: new Map((progress.data as ProgressRow[]).map((row) => [row.product_id, toProgress(row)])),
  };
}

export const programmeKeys = {
  all: ['programmes'] as const,
  templates: () => [...programmeKeys.all, 'templates'] as const,
  assignments: (userId: string) => [...programmeKeys.all, 'assignments', userId] as const,
  note: (userId: string) => [...programmeKeys.all, 'note', userId] as const,
  orders: (userId: string) => [...programmeKeys.all, 'orders', userId] as const,
  heldBack: (userId: string) => [...programmeKeys.all, 'held-back', userId] as const,
  privateAudio: (email: string) => [...programmeKeys.all, 'private-audio', email] as const,
};

/** The audio uploaded for one client (by the email it was uploaded for, kept lower-case), for their copy's steps. */
export const clientPrivateAudioQuery = (email: string) =>
  queryOptions({
    queryKey: programmeKeys.privateAudio(email.toLowerCase()),
    queryFn: async (): Promise<{ id: string; title: string }[]> => {
      const client = await getSupabase();
      const { data, error } = await client
        .from('private_audio')
        .select('id, title')
        .eq('email', email.toLowerCase())
        .order('created_at');
      if (error) throw new ProgrammesApiError(error.message);
      return data as { id: string; title: string }[];
    },
  });

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

/** One client's assignments and progress: My Account (their own) and the admin's client record (anyone's). */
export const assignmentsQuery = (userId: string) =>
  queryOptions({
    queryKey: programmeKeys.assignments(userId),
    queryFn: async () => fetchAssignments(await getSupabase(), userId),
  });

/** The practitioner's private note on a client ('' when there is none). Admins only (RLS). */
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

/**
 * The signed-in client's own audio held back by a programme step that has not opened yet (docs/programmes.md
 * "Unlock"), by product id: the same rule audio-url mints links by (public.can_stream_audio).
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

export interface ClientOrder {
  id: string;
  created_at: string;
  status: string;
  amount_pence: number;
}

/** A client's orders, newest first (admins read every order under RLS). */
export const clientOrdersQuery = (userId: string) =>
  queryOptions({
    queryKey: programmeKeys.orders(userId),
    queryFn: async (): Promise<ClientOrder[]> => {
      const client = await getSupabase();
      const { data, error } = await client
        .from('orders')
        .select('id, created_at, status, amount_pence')
        .eq('user_id', userId)
        .order('created_at', { ascending: false });
      if (error) throw new ProgrammesApiError(error.message);
      return data as ClientOrder[];
    },
  });

/** An admin function; one refused for an old sign-in asks for the password and runs again (docs/security.md). */
async function rpc<T>(name: string, args: Record<string, unknown>): Promise<T> {
  return reauthenticating(async () => {
    const client = await getSupabase();
    const { data, error } = await client.rpc(name, args);
    if (error) throw new ProgrammesApiError(error.message);
    return data as T;
  });
}

// A step names its catalogue audio or its private audio (a client's copy only: docs/programmes.md).
const stepsArgument = (steps: StepDraft[]) =>
  steps.map((step) => ({
    [step.privateAudio ? 'private_audio_id' : 'product_id']: step.productId,
    day_number: step.dayNumber,
    note: step.note,
  }));

async function saveProgramme(draft: ProgrammeDraft): Promise<string> {
  return rpc<string>('admin_save_programme', {
    p_id: draft.id,
    p_title: draft.title.trim(),
    p_introduction: draft.introduction,
    p_sequential_unlock: draft.sequentialUnlock,
    p_steps: stepsArgument(draft.steps),
  });
}

/**
 * Removes an assignment (the client's copy of a programme goes with it). `keepAudio`: the audio it gave as
 * included stays the client's; otherwise it is taken back (never what they bought). Logged. Returns the files
 * of the private audio that went with it (its own, its steps' unless another assignment of the client uses them).
 */
async function removeAssignment(id: string, keepAudio: boolean): Promise<string[]> {
  return (await rpc<string[] | null>('admin_remove_assignment', { p_id: id, p_keep_audio: keepAudio })) ?? [];
}

/** Edits one client's assignment: its note and, for a programme, their own copy (not the template). Logged. */
async function editAssignment(id: string, note: string, programme: ProgrammeDraft | null): Promise<void> {
  await rpc<null>('admin_edit_assignment', {
    p_id: id,
    p_note: note,
    p_title: programme ? programme.title.trim() : null,
    p_introduction: programme?.introduction ?? null,
    p_sequential_unlock: programme?.sequentialUnlock ?? null,
    p_steps: programme ? stepsArgument(programme.steps) : null,
  });
}

async function duplicateProgramme(id: string): Promise<string> {
  return rpc<string>('admin_duplicate_programme', { p_id: id });
}

async function saveClientNote(userId: string, note: string): Promise<void> {
  const client = await getSupabase();
  const { error } = await client
    .from('client_notes')
    .upsert({ user_id: userId, note }, { onConflict: 'user_id' });
  if (error) throw new ProgrammesApiError(error.message);
}

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
  const result = await rpc<{ assignment_id: string; has_account: boolean }>('admin_assign_to_client', {
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

/** After a write: refetch programmes' reads and the dashboard's activity log. */
function refreshProgrammes(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: programmeKeys.all });
  void queryClient.invalidateQueries({ queryKey: ['admin', 'activity'] });
}

// The writes as mutations (docs/architecture.md "Data on the page"): a form shows isPending and the error;
// each refreshes the programmes' reads and the activity log once it succeeded.

function useProgrammesMutation<Variables, Result>(write: (variables: Variables) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: write, onSuccess: () => refreshProgrammes(queryClient) });
}

export const useSaveProgramme = () => useProgrammesMutation(saveProgramme);

export const useDuplicateProgramme = () => useProgrammesMutation(duplicateProgramme);

export const useAssignToClient = () => useProgrammesMutation(assignToClient);

export const useAssignPrivateAudio = () => useProgrammesMutation(assignPrivateAudio);

export const useUploadPrivateStepAudio = () => useProgrammesMutation(uploadPrivateStepAudio);

export const useEditAssignment = () =>
  useProgrammesMutation((edit: { id: string; note: string; programme: ProgrammeDraft | null }) =>
    editAssignment(edit.id, edit.note, edit.programme),
  );

/**
 * Removes an assignment; the private audio that goes with it (the database removes the rows) loses its files
 * here, since SQL cannot delete them.
 */
export const useRemoveAssignment = () =>
  useProgrammesMutation(async (removal: { id: string; keepAudio: boolean }): Promise<number> => {
    // The files of audio uploaded for this client that went with it (none that another assignment still uses).
    const files = await removeAssignment(removal.id, removal.keepAudio);
    for (const file of files) await removePrivateAudioFile(file);
    return files.length;
  });

export const useSaveClientNote = () =>
  useProgrammesMutation((save: { userId: string; note: string }) => saveClientNote(save.userId, save.note));
