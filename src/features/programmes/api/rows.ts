import type { Assignment, AssignedProgramme, ListeningProgress, ProgrammeStep } from '../programme-steps';

// The programmes' tables as PostgREST returns them (with their embedded audio), and their mapping to the shapes
// the screens use (programme-steps.ts). A step or an assignment names catalogue audio or private audio uploaded
// for one client (docs/programmes.md "Private audio for one client").

interface PrivateAudioRow {
  id: string;
  title: string;
  object_path: string;
  duration_seconds?: number | null;
}

interface StepRow {
  id: string;
  position: number;
  day_number: number;
  note: string;
  product_id: string | null;
  products: { title: string } | null;
  private_audio: PrivateAudioRow | null;
}

export interface ProgrammeRow {
  id: string;
  title: string;
  introduction: string;
  sequential_unlock: boolean;
  programme_steps: StepRow[];
}

export interface AssignmentRow {
  id: string;
  user_id: string | null;
  email: string;
  note: string;
  access: 'granted' | 'offered';
  assigned_at: string;
  product_id: string | null;
  products: { title: string } | null;
  private_audio: PrivateAudioRow | null;
  programmes: ProgrammeRow | null;
}

export interface ProgressRow {
  product_id: string;
  furthest_seconds: number;
  listened_at: string | null;
  last_listened_at: string;
}

const PRIVATE_AUDIO_COLUMNS = 'private_audio(id, title, object_path, duration_seconds)';
const STEP_COLUMNS = `id, position, day_number, note, product_id, products(title), ${PRIVATE_AUDIO_COLUMNS}`;
export const PROGRAMME_COLUMNS = `id, title, introduction, sequential_unlock, programme_steps(${STEP_COLUMNS})`;
export const ASSIGNMENT_COLUMNS = `id, user_id, email, note, access, assigned_at, product_id, products(title), ${PRIVATE_AUDIO_COLUMNS}, programmes(${PROGRAMME_COLUMNS})`;
export const PROGRESS_COLUMNS = 'product_id, furthest_seconds, listened_at, last_listened_at';

/** Private audio as the player knows it: its id, title, file and (when stored) length. */
function privateAudio(row: PrivateAudioRow) {
  return {
    productId: row.id,
    title: row.title,
    uploadedFile: row.object_path,
    ...(row.duration_seconds ? { duration: row.duration_seconds } : {}),
  };
}

/** The steps in their order, each with its catalogue or private audio. */
function toSteps(rows: StepRow[]): ProgrammeStep[] {
  return [...rows]
    .sort((a, b) => a.position - b.position)
    .map((row) => ({
      id: row.id,
      position: row.position,
      dayNumber: row.day_number,
      note: row.note,
      ...(row.private_audio
        ? privateAudio(row.private_audio)
        : { productId: row.product_id ?? '', title: row.products?.title ?? '' }),
    }));
}

export function toProgramme(row: ProgrammeRow): AssignedProgramme {
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
      ? privateAudio(row.private_audio)
      : row.product_id
        ? { productId: row.product_id, title: row.products?.title ?? '', uploadedFile: null }
        : null,
  };
}

export function toProgress(row: ProgressRow): ListeningProgress {
  return {
    productId: row.product_id,
    furthestSeconds: row.furthest_seconds,
    listenedAt: row.listened_at,
    lastListenedAt: row.last_listened_at,
  };
}
