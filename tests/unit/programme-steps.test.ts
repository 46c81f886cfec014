import { describe, expect, it } from 'vitest';
import {
  assignmentStates,
  minutesListened,
  playOrder,
  programmeDay,
  stepStates,
  type AssignedProgramme,
  type Assignment,
} from '@/features/programmes/programme-steps';
import { playableByProduct } from '@/features/programmes/practitioner-audio';

const programme = (sequentialUnlock: boolean): AssignedProgramme => ({
  id: 'p',
  title: 'T',
  introduction: '',
  sequentialUnlock,
  steps: [1, 2, 3].map((n) => ({
    id: `s${n}`,
    position: n,
    dayNumber: n,
    note: '',
    productId: `x${n}`,
    title: `S${n}`,
  })),
});
const listened = (productId: string) => ({
  productId,
  furthestSeconds: 61,
  listenedAt: '2026-11-20T21:00:00Z',
  lastListenedAt: '2026-11-20T21:00:00Z',
});

describe('programme steps', () => {
  it('holds back a step of audio uploaded for the client exactly as a catalogue step, keyed by its id', () => {
    const assigned = '2026-11-20T10:00:00Z';
    const withPrivate = programme(true);
    withPrivate.steps[1] = { ...withPrivate.steps[1]!, productId: 'pa2', uploadedFile: 'f.mp3' };
    const day1 = new Date('2026-11-20T12:00:00Z');
    expect(stepStates(withPrivate, assigned, new Map(), day1).map((s) => s.open)).toEqual([
      true,
      false,
      false,
    ]);
    const afterStep1 = stepStates(withPrivate, assigned, new Map([['x1', listened('x1')]]), day1);
    expect(afterStep1.map((s) => [s.open, s.today])).toEqual([
      [true, false],
      [true, true],
      [false, false],
    ]);
    // Its own listening opens the step after it.
    const afterStep2 = stepStates(
      withPrivate,
      assigned,
      new Map([
        ['x1', listened('x1')],
        ['pa2', listened('pa2')],
      ]),
      day1,
    );
    expect(afterStep2.map((s) => s.open)).toEqual([true, true, true]);
  });

  it('counts the programme day in London calendar days from the day it was assigned', () => {
    expect(programmeDay('2026-11-20T23:30:00Z', new Date('2026-11-20T23:59:00Z'))).toBe(1);
    expect(programmeDay('2026-11-20T23:30:00Z', new Date('2026-11-21T00:01:00Z'))).toBe(2);
    // British Summer Time: 23:30 UTC on 30 June is already 1 July in London.
    expect(programmeDay('2026-06-30T23:30:00Z', new Date('2026-07-01T08:00:00Z'))).toBe(1);
  });

  it('sequential: the first step is open; the next opens when the previous was listened to, or on its day', () => {
    const assigned = '2026-11-20T10:00:00Z';
    const day1 = stepStates(programme(true), assigned, new Map(), new Date('2026-11-20T12:00:00Z'));
    expect(day1.map((s) => [s.open, s.today])).toEqual([
      [true, true],
      [false, false],
      [false, false],
    ]);
    const afterFirst = stepStates(
      programme(true),
      assigned,
      new Map([['x1', listened('x1')]]),
      new Date('2026-11-20T22:00:00Z'),
    );
    expect(afterFirst.map((s) => [s.listened, s.open, s.today])).toEqual([
      [true, true, false],
      [false, true, true],
      [false, false, false],
    ]);
    const day3 = stepStates(programme(true), assigned, new Map(), new Date('2026-11-22T08:00:00Z'));
    expect(day3.map((s) => s.open)).toEqual([true, true, true]);
  });

  it('without sequential unlock every step is open; when all are listened none is today', () => {
    const all = new Map(['x1', 'x2', 'x3'].map((id) => [id, listened(id)]));
    const states = stepStates(
      programme(false),
      '2026-11-20T10:00:00Z',
      all,
      new Date('2026-11-20T12:00:00Z'),
    );
    expect(states.every((s) => s.open && s.listened && !s.today)).toBe(true);
    expect(
      stepStates(programme(false), '2026-11-20T10:00:00Z', new Map(), new Date()).map((s) => s.open),
    ).toEqual([true, true, true]);
  });

  it('minutes listened round up, nothing listened is 0', () => {
    expect(minutesListened(null)).toBe(0);
    expect(minutesListened(listened('x'))).toBe(2);
    expect(minutesListened({ ...listened('x'), furthestSeconds: 20 })).toBe(1);
  });

  const assignment = (part: Partial<Assignment>): Assignment => ({
    id: 'as1',
    userId: 'u1',
    email: 'me@example.com',
    note: '',
    access: 'granted',
    assignedAt: '2026-11-20T10:00:00Z',
    programme: null,
    audio: null,
    ...part,
  });

  it("an assignment's rows: a programme's steps, or its one audio as an open step, or none", () => {
    const now = new Date('2026-11-20T12:00:00Z');
    const progress = new Map([['x1', listened('x1')]]);
    expect(assignmentStates(assignment({ programme: programme(true) }), progress, now)).toEqual(
      stepStates(programme(true), '2026-11-20T10:00:00Z', progress, now),
    );
    const single = assignmentStates(
      assignment({ audio: { productId: 'x1', title: 'One', uploadedFile: null } }),
      progress,
      now,
    );
    expect(single).toEqual([
      {
        step: { id: 'as1', position: 1, dayNumber: 1, note: '', productId: 'x1', title: 'One' },
        listened: true,
        open: true,
        today: false,
        progress: listened('x1'),
      },
    ]);
    expect(assignmentStates(assignment({}), progress, now)).toEqual([]);
  });

  it("Play plays from today's step on, open steps only; from the start when none is today's", () => {
    const now = new Date('2026-11-21T12:00:00Z');
    const states = stepStates(
      programme(true),
      '2026-11-20T10:00:00Z',
      new Map([['x1', listened('x1')]]),
      now,
    );
    expect(playOrder(states).map((state) => state.step.productId)).toEqual(['x2']);
    const allDone = stepStates(
      programme(false),
      '2026-11-20T10:00:00Z',
      new Map(['x1', 'x2', 'x3'].map((id) => [id, listened(id)])),
      now,
    );
    expect(playOrder(allDone).map((state) => state.step.productId)).toEqual(['x1', 'x2', 'x3']);
  });

  it('the client plays what they own and what was uploaded for them, by the audio id', () => {
    const uploaded = assignment({
      audio: { productId: 'pa', title: 'Yours', uploadedFile: 'f.mp3', duration: 120 },
    });
    const playable = playableByProduct(
      [
        { id: 'o1', title: 'Bought', category: 'Sleep', productId: 'x1' },
        { id: 'o2', title: 'No product', category: 'Sleep', productId: null },
      ],
      [uploaded],
    );
    expect([...playable.keys()]).toEqual(['x1', 'pa']);
    expect(playable.get('pa')).toEqual({
      id: 'uploaded-pa',
      title: 'Yours',
      category: 'From your practitioner',
      productId: 'pa',
      duration: 120,
    });
  });
});
