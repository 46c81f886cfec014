// The practice log's recording (src/features/practice): the time sound actually played is measured by the
// clock and sent with the position sync's cadence (at most every 15 s, at once on pause, keepalive when
// hidden), kept while offline and sent when back online; a refused session is not retried for ever; the
// summary counts days, minutes and finished tracks calmly.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PracticeSession } from '@/features/practice/practice-api';
import { addDays, localDay, weekStart } from '@/features/practice/practice-days';
import { createPracticeRecorder, MAX_COUNTED_GAP_MS } from '@/features/practice/practice-recorder';
import { practiceRange, summarisePractice } from '@/features/practice/practice-summary';
import {
  createSessionSync,
  SessionRefused,
  type ListeningSession,
  type SessionTransport,
} from '@/features/practice/session-sync';
import { createPlayerStore } from '@/features/player/player-store';

function recordingTransport(answer: () => Promise<void> = () => Promise.resolve()) {
  const writes: { sessions: ListeningSession[]; keepalive: boolean }[] = [];
  const transport: SessionTransport = {
    write: (sessions, { keepalive }) => {
      writes.push({ sessions: sessions.map((s) => ({ ...s })), keepalive });
      return answer();
    },
  };
  return { transport, writes };
}

function setOnline(value: boolean) {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => value });
}

let ids = 0;
const newId = () => `00000000-0000-4000-8000-${String(++ids).padStart(12, '0')}`;

describe('practice recording', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date(2026, 10, 25, 21, 0, 0));
    localStorage.clear();
    setOnline(true);
  });
  afterEach(() => {
    vi.useRealTimers();
    setOnline(true);
  });

  it('counts the time sound played, sent at most every 15 s, and at once on pause', async () => {
    const { transport, writes } = recordingTransport();
    const recorder = createPracticeRecorder(createSessionSync('acct', transport), { newId });
    recorder.start('p1');
    for (let i = 0; i < 6; i += 1) {
      await vi.advanceTimersByTimeAsync(5000);
      recorder.update();
    }
    // 5 s: the first write; the report at 10 s waits for the 15 s gap (sent at 20 s, with what was heard by
    // then: 15 s); the reports at 20, 25 and 30 s wait for 35 s.
    expect(writes.map((w) => w.sessions[0]!.seconds)).toEqual([5, 15]);
    await vi.advanceTimersByTimeAsync(3000);
    recorder.stop('pause');
    await vi.advanceTimersByTimeAsync(0);
    expect(writes.map((w) => w.sessions[0]!.seconds)).toEqual([5, 15, 33]);
    expect(new Set(writes.map((w) => w.sessions[0]!.id)).size).toBe(1);
    expect(writes[0]!.sessions[0]).toMatchObject({ productId: 'p1', day: '2026-11-25', finished: false });
  });

  it('does not count paused time, and a long silence between reports counts only up to the gap', async () => {
    const { transport, writes } = recordingTransport();
    const recorder = createPracticeRecorder(createSessionSync('acct', transport), { newId });
    recorder.start('p1');
    await vi.advanceTimersByTimeAsync(10_000);
    recorder.stop('pause');
    await vi.advanceTimersByTimeAsync(600_000); // paused ten minutes
    recorder.start('p1');
    await vi.advanceTimersByTimeAsync(10 * 60_000); // the device slept: no report for ten minutes
    recorder.stop('pause');
    await vi.advanceTimersByTimeAsync(0);
    expect(writes.at(-1)!.sessions[0]!.seconds).toBe(10 + MAX_COUNTED_GAP_MS / 1000);
  });

  it('sends with keepalive when the page is hidden, and marks a track heard to its end', async () => {
    const { transport, writes } = recordingTransport();
    const recorder = createPracticeRecorder(createSessionSync('acct', transport), { newId });
    recorder.start('p1');
    await vi.advanceTimersByTimeAsync(4000);
    recorder.update('hidden');
    expect(writes.at(-1)).toMatchObject({ keepalive: true });
    await vi.advanceTimersByTimeAsync(4000);
    recorder.finish('p1');
    await vi.advanceTimersByTimeAsync(0);
    expect(writes.at(-1)!.sessions.at(-1)).toMatchObject({ seconds: 8, finished: true });
    recorder.start('p1'); // heard again: a new session
    await vi.advanceTimersByTimeAsync(20_000);
    recorder.stop('pause');
    await vi.advanceTimersByTimeAsync(0);
    const last = writes.at(-1)!.sessions.at(-1)!;
    expect(last).toMatchObject({ seconds: 20, finished: false });
    expect(last.id).not.toBe(writes[0]!.sessions[0]!.id);
  });

  it('starts a new session at midnight, so each day gets its own minutes', async () => {
    vi.setSystemTime(new Date(2026, 10, 25, 23, 59, 50));
    const { transport, writes } = recordingTransport();
    const recorder = createPracticeRecorder(createSessionSync('acct', transport), { newId });
    recorder.start('p1');
    await vi.advanceTimersByTimeAsync(20_000);
    recorder.update();
    await vi.advanceTimersByTimeAsync(20_000);
    recorder.stop('pause');
    await vi.advanceTimersByTimeAsync(0);
    const days = new Map(writes.flatMap((w) => w.sessions).map((s) => [s.day, s.seconds]));
    expect(days).toEqual(
      new Map([
        ['2026-11-25', 20],
        ['2026-11-26', 20],
      ]),
    );
  });

  it('keeps what could not be sent while offline, and sends it when back online', async () => {
    setOnline(false);
    const { transport, writes } = recordingTransport();
    const recorder = createPracticeRecorder(createSessionSync('acct', transport), { newId });
    recorder.start('p1');
    await vi.advanceTimersByTimeAsync(30_000);
    recorder.stop('pause');
    expect(writes).toHaveLength(0);
    // A new visit (the page was closed offline) finds it in the outbox.
    const reopened = recordingTransport();
    createSessionSync('acct', reopened.transport);
    expect(reopened.writes).toHaveLength(0);
    setOnline(true);
    window.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(0);
    expect(writes.at(-1)!.sessions[0]!.seconds).toBe(30);
  });

  it('retries a failed write later, but drops one the server refuses for good', async () => {
    let fail: Error | null = new Error('offline');
    const { transport, writes } = recordingTransport(() => (fail ? Promise.reject(fail) : Promise.resolve()));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const sync = createSessionSync('acct', transport);
    const session = {
      id: newId(),
      productId: 'p1',
      day: '2026-11-25',
      startedAt: Date.now(),
      seconds: 9,
      finished: false,
    };
    sync.record(session, 'pause');
    await vi.advanceTimersByTimeAsync(0);
    expect(localStorage.getItem('hypnotherapy-practice-outbox-acct')).toContain(session.id);
    fail = new SessionRefused(403);
    await sync.flush();
    expect(localStorage.getItem('hypnotherapy-practice-outbox-acct')).toBeNull();
    await sync.flush();
    expect(writes).toHaveLength(2);
    expect(warn).toHaveBeenCalledTimes(2);
    warn.mockRestore();
  });
});

describe('the player tells the recorder when sound plays', () => {
  it('starts on playing, stops on pause and while buffering, finishes at the end', async () => {
    const calls: string[] = [];
    const store = createPlayerStore({
      practice: () => ({
        start: (id) => calls.push(`start ${id}`),
        update: (urgent) => calls.push(`update ${urgent ?? ''}`),
        stop: (urgent) => calls.push(`stop ${urgent ?? ''}`),
        finish: (id) => calls.push(`finish ${id}`),
        dispose: () => calls.push('dispose'),
      }),
    });
    localStorage.setItem('hypnotherapy-listening-safety', 'acknowledged');
    await store.setAccount('user-1');
    const track = { id: 't1', title: 'Sleep', category: 'Sleep', productId: 'p1' };
    store.playTrack(track);
    expect(calls).toEqual([]); // loading: nothing heard yet
    store.mediaPlaying();
    store.rememberPosition('p1', 5, 600);
    store.mediaWaiting();
    store.mediaPlaying();
    store.pause();
    store.rememberPosition('p1', 9, 600, 'hidden');
    store.play();
    store.mediaPlaying();
    store.mediaEnded();
    await store.setAccount(null);
    expect(calls).toEqual([
      'start p1',
      'update ',
      'stop ',
      'start p1',
      'stop pause',
      'update hidden',
      'start p1',
      'finish p1',
      'stop pause',
      'dispose',
    ]);
  });
});

describe('practice summary', () => {
  const today = '2026-11-25'; // a Wednesday
  const s = (day: string, seconds: number, finished = false): PracticeSession => ({
    productId: 'p',
    day,
    seconds,
    finished,
  });

  it('adds sessions per day; a day counts from one minute; the week runs from Monday', () => {
    const summary = summarisePractice(
      [
        s('2026-11-23', 40), // Monday, two short sessions: one practised day
        s('2026-11-23', 30, true),
        s('2026-11-24', 59), // under a minute: listened, not counted as practised
        s('2026-11-25', 1200, true),
        s('2026-11-02', 600),
        s('2026-10-31', 3000, true), // outside the month (read for this week only when it is)
      ],
      today,
      today,
    );
    expect(summary.secondsByDay.get('2026-11-23')).toBe(70);
    expect(summary.secondsByDay.has('2026-10-31')).toBe(false);
    expect(summary.daysThisWeek).toBe(2);
    expect(summary.daysThisMonth).toBe(3);
    expect(summary.minutesThisMonth).toBe(Math.round((70 + 59 + 1200 + 600) / 60));
    expect(summary.finishedThisMonth).toBe(2);
  });

  it("reads from this week's Monday when the week began last month", () => {
    expect(practiceRange('2026-12-01', '2026-12-02')).toEqual({ from: '2026-11-30', to: '2026-12-31' });
    expect(practiceRange('2026-11-01', '2026-12-02')).toEqual({ from: '2026-11-01', to: '2026-11-30' });
  });

  it('days follow the listener’s calendar', () => {
    expect(weekStart('2026-11-30')).toBe('2026-11-30');
    expect(weekStart('2026-12-06')).toBe('2026-11-30');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(localDay(new Date(2026, 0, 5, 0, 30))).toBe('2026-01-05');
  });
});
