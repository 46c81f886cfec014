// The programmes' rows as PostgREST returns them, mapped to what the screens show
// (src/features/programmes/api/rows.ts), and a draft's steps as the admin functions take them (api/drafts.ts):
// a step or an assignment names catalogue audio or private audio uploaded for one client (docs/programmes.md).
import { describe, expect, it } from 'vitest';
import { stepsArgument } from '@/features/programmes/api/drafts';
import { toAssignment, toProgress, type AssignmentRow } from '@/features/programmes/api/rows';

const base: AssignmentRow = {
  id: 'as1',
  user_id: 'u1',
  email: 'client@example.com',
  note: 'For the evenings',
  access: 'granted',
  assigned_at: '2026-11-20T10:00:00Z',
  product_id: null,
  products: null,
  private_audio: null,
  programmes: null,
};

describe('programmes rows', () => {
  it('an assigned catalogue audio keeps its product and title, with no file', () => {
    expect(toAssignment({ ...base, product_id: 'x', products: { title: 'Sleep' } })).toEqual({
      id: 'as1',
      userId: 'u1',
      email: 'client@example.com',
      note: 'For the evenings',
      access: 'granted',
      assignedAt: '2026-11-20T10:00:00Z',
      programme: null,
      audio: { productId: 'x', title: 'Sleep', uploadedFile: null },
    });
  });

  it('private audio is known by its own id, with its file and (when stored) its length', () => {
    const row = {
      ...base,
      private_audio: { id: 'pa', title: 'Yours', object_path: 'f.mp3', duration_seconds: 300 },
    };
    expect(toAssignment(row).audio).toEqual({
      productId: 'pa',
      title: 'Yours',
      uploadedFile: 'f.mp3',
      duration: 300,
    });
    const unknownLength = { ...row, private_audio: { ...row.private_audio, duration_seconds: null } };
    expect(toAssignment(unknownLength).audio).toEqual({
      productId: 'pa',
      title: 'Yours',
      uploadedFile: 'f.mp3',
    });
  });

  it("a programme's steps come in their order, each with its catalogue or private audio", () => {
    const assignment = toAssignment({
      ...base,
      programmes: {
        id: 'p',
        title: 'Calm',
        introduction: 'Intro',
        sequential_unlock: true,
        programme_steps: [
          {
            id: 's2',
            position: 2,
            day_number: 3,
            note: 'second',
            product_id: null,
            products: null,
            private_audio: { id: 'pa', title: 'Yours', object_path: 'f.m4a' },
          },
          {
            id: 's1',
            position: 1,
            day_number: 1,
            note: 'first',
            product_id: 'x',
            products: { title: 'Sleep' },
            private_audio: null,
          },
        ],
      },
    });
    expect(assignment.audio).toBeNull();
    expect(assignment.programme).toEqual({
      id: 'p',
      title: 'Calm',
      introduction: 'Intro',
      sequentialUnlock: true,
      steps: [
        { id: 's1', position: 1, dayNumber: 1, note: 'first', productId: 'x', title: 'Sleep' },
        {
          id: 's2',
          position: 2,
          dayNumber: 3,
          note: 'second',
          productId: 'pa',
          title: 'Yours',
          uploadedFile: 'f.m4a',
        },
      ],
    });
  });

  it('progress is keyed by the audio it is for', () => {
    expect(
      toProgress({
        product_id: 'x',
        furthest_seconds: 90,
        listened_at: null,
        last_listened_at: '2026-11-21T08:00:00Z',
      }),
    ).toEqual({
      productId: 'x',
      furthestSeconds: 90,
      listenedAt: null,
      lastListenedAt: '2026-11-21T08:00:00Z',
    });
  });

  it('a step is sent with its catalogue or its private audio, its day and note', () => {
    expect(
      stepsArgument([
        { productId: 'x', dayNumber: 1, note: 'a' },
        { productId: 'pa', privateAudio: true, dayNumber: 2, note: 'b' },
      ]),
    ).toEqual([
      { product_id: 'x', day_number: 1, note: 'a' },
      { private_audio_id: 'pa', day_number: 2, note: 'b' },
    ]);
  });
});
