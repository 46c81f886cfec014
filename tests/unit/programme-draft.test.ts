// The programme form's logic (src/features/programmes/programme-draft.ts; docs/programmes.md "Screens"): a draft
// from a programme, its steps' order, and a step's audio choice between catalogue, private and upload.
import { describe, expect, it } from 'vitest';
import type { StepDraft } from '@/features/programmes/api/drafts';
import {
  addStep,
  audioChoiceOf,
  audioOptions,
  changeStep,
  draftProblem,
  emptyDraft,
  moveStep,
  removeStep,
  stepForChoice,
  toDraft,
  UPLOAD_CHOICE,
} from '@/features/programmes/programme-draft';

const steps: StepDraft[] = [
  { productId: 'a', dayNumber: 1, note: 'first' },
  { productId: 'b', dayNumber: 3, note: 'second' },
  { productId: 'c', privateAudio: true, dayNumber: 5, note: 'third' },
];

describe('the programme draft', () => {
  it('a draft needs a title and, for every step, an audio and a day from 1', () => {
    const ok = {
      id: null,
      title: 'T',
      introduction: '',
      sequentialUnlock: true,
      steps: [{ productId: 'x', dayNumber: 1, note: '' }],
    };
    expect(draftProblem(ok)).toBeNull();
    expect(draftProblem({ ...ok, title: '  ' })).toBe('Enter a title.');
    expect(draftProblem({ ...ok, steps: [{ productId: '', dayNumber: 1, note: '' }] })).toMatch(/Every step/);
    expect(draftProblem({ ...ok, steps: [{ productId: 'x', dayNumber: 0, note: '' }] })).toMatch(
      /Every step/,
    );
    expect(draftProblem({ ...ok, steps: [] })).toMatch(/Every step/);
  });

  it('starts empty with one step on day 1, sequential', () => {
    expect(emptyDraft()).toEqual({
      id: null,
      title: '',
      introduction: '',
      sequentialUnlock: true,
      steps: [{ productId: '', dayNumber: 1, note: '' }],
    });
  });

  it('a programme becomes a draft whose uploaded steps are marked private', () => {
    const draft = toDraft({
      id: 'p',
      title: 'Sleep',
      introduction: 'Intro',
      sequentialUnlock: false,
      steps: [
        { id: 's1', position: 1, dayNumber: 1, note: 'n1', productId: 'x', title: 'X' },
        {
          id: 's2',
          position: 2,
          dayNumber: 2,
          note: 'n2',
          productId: 'y',
          title: 'Y',
          uploadedFile: 'y.mp3',
        },
      ],
    });
    expect(draft).toEqual({
      id: 'p',
      title: 'Sleep',
      introduction: 'Intro',
      sequentialUnlock: false,
      steps: [
        { productId: 'x', dayNumber: 1, note: 'n1' },
        { productId: 'y', privateAudio: true, dayNumber: 2, note: 'n2' },
      ],
    });
  });

  it('moves, changes, removes and adds steps without touching the others', () => {
    expect(moveStep(steps, 0, 1).map((step) => step.productId)).toEqual(['b', 'a', 'c']);
    expect(moveStep(steps, 2, -1).map((step) => step.productId)).toEqual(['a', 'c', 'b']);
    expect(changeStep(steps, 1, { note: 'changed' })[1]).toEqual({
      productId: 'b',
      dayNumber: 3,
      note: 'changed',
    });
    expect(changeStep(steps, 1, { note: 'changed' })[0]).toBe(steps[0]);
    expect(removeStep(steps, 1).map((step) => step.productId)).toEqual(['a', 'c']);
    expect(addStep(steps).at(-1)).toEqual({ productId: '', dayNumber: 6, note: '' });
    expect(addStep([])).toEqual([{ productId: '', dayNumber: 1, note: '' }]);
    expect(steps.map((step) => step.productId)).toEqual(['a', 'b', 'c']);
  });

  it("a step's audio choice: catalogue, private ('private:<id>') or the open upload, and back", () => {
    expect(audioChoiceOf(steps[0]!, false)).toBe('a');
    expect(audioChoiceOf(steps[2]!, false)).toBe('private:c');
    expect(audioChoiceOf(steps[2]!, true)).toBe(UPLOAD_CHOICE);
    expect(audioChoiceOf({ productId: '', privateAudio: true, dayNumber: 1, note: '' }, false)).toBe('');
    expect(stepForChoice('a')).toEqual({ productId: 'a', privateAudio: false });
    expect(stepForChoice('private:c')).toEqual({ productId: 'c', privateAudio: true });
    expect(stepForChoice(UPLOAD_CHOICE)).toEqual({ productId: '', privateAudio: false });
  });

  it('offers the catalogue products by id, title and category only', () => {
    expect(audioOptions(undefined)).toEqual([]);
    const product = { id: 'x', title: 'X', category: 'Sleep', price_pence: 900 };
    expect(audioOptions([product])).toEqual([{ id: 'x', title: 'X', category: 'Sleep' }]);
  });
});
