// A programme as the editor holds it (a template or one client's copy), and as the admin functions take its
// steps (docs/programmes.md).

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

/** The steps as admin_save_programme and admin_edit_assignment take them. */
export const stepsArgument = (steps: StepDraft[]) =>
  // A step names its catalogue audio or its private audio (a client's copy only: docs/programmes.md).
  steps.map((step) => ({
    [step.privateAudio ? 'private_audio_id' : 'product_id']: step.productId,
    day_number: step.dayNumber,
    note: step.note,
  }));
