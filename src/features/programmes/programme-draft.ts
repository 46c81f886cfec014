import { programmesAdminText as text } from '@/content/programmes';
import type { ProgrammeDraft, StepDraft } from './api/drafts';
import type { AssignedProgramme } from './programme-steps';

// The programme form's logic (docs/programmes.md "Screens"): a draft made from a programme, its steps moved,
// added and removed, what it needs before it can be saved, and a step's audio choice. Pure, so the editor's
// components only draw it and the rules are tested alone.

/** A catalogue audio the editor and the assign form offer. */
export interface AudioOption {
  id: string;
  title: string;
  category: string | null;
}

/** A client's copy only: the audio uploaded for this client, and the assignment an upload is recorded for. */
export interface ClientAudio {
  assignmentId: string;
  audios: { id: string; title: string }[];
}

/** The catalogue's products as options (the admin's products read, src/lib/admin-api/products.ts). */
export function audioOptions(products: readonly AudioOption[] | undefined): AudioOption[] {
  return (products ?? []).map((product) => ({
    id: product.id,
    title: product.title,
    category: product.category,
  }));
}

const emptyStep = (day: number): StepDraft => ({ productId: '', dayNumber: day, note: '' });

export function emptyDraft(): ProgrammeDraft {
  return { id: null, title: '', introduction: '', sequentialUnlock: true, steps: [emptyStep(1)] };
}

/** A programme (a template or a client's copy) as the form edits it. */
export function toDraft(programme: AssignedProgramme): ProgrammeDraft {
  return {
    id: programme.id,
    title: programme.title,
    introduction: programme.introduction,
    sequentialUnlock: programme.sequentialUnlock,
    steps: programme.steps.map((step) => ({
      productId: step.productId,
      ...(step.uploadedFile ? { privateAudio: true } : {}),
      dayNumber: step.dayNumber,
      note: step.note,
    })),
  };
}

/** Whether a draft can be saved: a title, and every step an audio and a day from 1. */
export function draftProblem(draft: ProgrammeDraft): string | null {
  if (!draft.title.trim()) return text.titleRequired;
  if (
    draft.steps.length === 0 ||
    draft.steps.some((step) => !step.productId || !Number.isInteger(step.dayNumber) || step.dayNumber < 1)
  )
    return text.stepsRequired;
  return null;
}

export function changeStep(steps: StepDraft[], index: number, change: Partial<StepDraft>): StepDraft[] {
  return steps.map((step, i) => (i === index ? { ...step, ...change } : step));
}

/** Moves a step one place up (-1) or down (1). */
export function moveStep(steps: StepDraft[], index: number, by: -1 | 1): StepDraft[] {
  const moved = [...steps];
  const [step] = moved.splice(index, 1);
  moved.splice(index + by, 0, step!);
  return moved;
}

export function removeStep(steps: StepDraft[], index: number): StepDraft[] {
  return steps.filter((_, i) => i !== index);
}

/** A new empty step at the end, on the day after the last one. */
export function addStep(steps: StepDraft[]): StepDraft[] {
  return [...steps, emptyStep((steps.at(-1)?.dayNumber ?? 0) + 1)];
}

/** The step's audio choice that reveals the upload (a client's copy); a private audio's value is 'private:<id>'. */
export const UPLOAD_CHOICE = 'upload';
const PRIVATE = 'private:';

/** A private audio's value in a step's audio choice. */
export const privateChoice = (audioId: string) => `${PRIVATE}${audioId}`;

/** The value a step's audio choice shows: the upload while it is open, else the step's audio. */
export function audioChoiceOf(step: StepDraft, uploading: boolean): string {
  if (uploading) return UPLOAD_CHOICE;
  return step.privateAudio && step.productId ? privateChoice(step.productId) : step.productId;
}

/** What choosing a value does to the step: the upload clears its audio; a private or catalogue audio is set. */
export function stepForChoice(value: string): Pick<StepDraft, 'productId' | 'privateAudio'> {
  if (value === UPLOAD_CHOICE) return { productId: '', privateAudio: false };
  if (value.startsWith(PRIVATE)) return { productId: value.slice(PRIVATE.length), privateAudio: true };
  return { productId: value, privateAudio: false };
}
