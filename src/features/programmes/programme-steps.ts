// What a client's programme looks like today (docs/programmes.md "Unlock"): which steps were listened to (from
// programme_progress), which are open, and which one is today's. Pure, so the client's view and the admin's
// client record agree and the rules are tested alone.

export interface ProgrammeStep {
  id: string;
  position: number;
  dayNumber: number;
  note: string;
  /** The audio's id as the player knows it: a catalogue product's, or a private audio's (docs/programmes.md). */
  productId: string;
  title: string;
  /** The private audio's file, when the step is audio uploaded for this client (a client's copy only). */
  uploadedFile?: string;
  /** Seconds: an uploaded audio's stored length, when known (the player's length before the media reports one). */
  duration?: number;
}

export interface AssignedProgramme {
  id: string;
  title: string;
  introduction: string;
  sequentialUnlock: boolean;
  /** In order. */
  steps: ProgrammeStep[];
}

export interface Assignment {
  id: string;
  userId: string | null;
  email: string;
  note: string;
  access: 'granted' | 'offered';
  assignedAt: string;
  programme: AssignedProgramme | null;
  /**
   * A single assigned audio (when there is no programme). `productId` is the audio's id as the player knows it:
   * a catalogue product's, or, when `uploadedFile` names its file, a private audio's (docs/programmes.md).
   */
  audio: { productId: string; title: string; uploadedFile: string | null; duration?: number } | null;
}

export interface ListeningProgress {
  productId: string;
  furthestSeconds: number;
  listenedAt: string | null;
  lastListenedAt: string;
}

export interface StepState {
  step: ProgrammeStep;
  listened: boolean;
  open: boolean;
  today: boolean;
  progress: ListeningProgress | null;
}

const londonDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/London',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The programme's day (1 on the day it was assigned), counted in the practice's calendar days (London). */
export function programmeDay(assignedAt: string, now: Date): number {
  const start = Date.parse(`${londonDay.format(new Date(assignedAt))}T00:00:00Z`);
  const today = Date.parse(`${londonDay.format(now)}T00:00:00Z`);
  return Math.max(1, Math.round((today - start) / 86_400_000) + 1);
}

/**
 * Each step's state. Without sequential unlock every step is open; with it the first step is open and each
 * later one opens when the previous one was listened to, or when the programme reaches its day. Today's step is
 * the first open step not listened to yet (none when all are done).
 */
export function stepStates(
  programme: AssignedProgramme,
  assignedAt: string,
  progress: ReadonlyMap<string, ListeningProgress>,
  now: Date,
): StepState[] {
  const day = programmeDay(assignedAt, now);
  const states: StepState[] = [];
  for (const [index, step] of programme.steps.entries()) {
    const own = progress.get(step.productId) ?? null;
    const listened = own?.listenedAt != null;
    const previous = states[index - 1];
    const open =
      !programme.sequentialUnlock || index === 0 || previous?.listened === true || day >= step.dayNumber;
    states.push({ step, listened, open, today: false, progress: own });
  }
  const today = states.find((state) => state.open && !state.listened);
  if (today) today.today = true;
  return states;
}

/** Whole minutes listened, rounded up so a short listen shows as 1. */
export function minutesListened(progress: ListeningProgress | null): number {
  if (!progress || progress.furthestSeconds <= 0) return 0;
  return Math.ceil(progress.furthestSeconds / 60);
}

/**
 * An assignment's rows: a programme's steps (stepStates), or its one audio as a single open step, or none. Both
 * the client's view and the admin's client record show these.
 */
export function assignmentStates(
  assignment: Assignment,
  progress: ReadonlyMap<string, ListeningProgress>,
  now: Date,
): StepState[] {
  if (assignment.programme) return stepStates(assignment.programme, assignment.assignedAt, progress, now);
  if (!assignment.audio) return [];
  const own = progress.get(assignment.audio.productId) ?? null;
  return [
    {
      step: {
        id: assignment.id,
        position: 1,
        dayNumber: 1,
        note: '',
        productId: assignment.audio.productId,
        title: assignment.audio.title,
      },
      listened: own?.listenedAt != null,
      open: true,
      today: false,
      progress: own,
    },
  ];
}

/** What Play plays: the steps in order from today's (or the start), open steps only. */
export function playOrder(states: readonly StepState[]): StepState[] {
  const startAt = Math.max(
    0,
    states.findIndex((state) => state.today),
  );
  return states.slice(startAt).filter((state) => state.open);
}
