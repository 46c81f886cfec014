// Resume on any device in the player's store (src/features/player/player-store.ts): positions recorded to
// the account, the question when another device left the current track elsewhere, its two answers, and the
// speed remembered per track.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { connectAudio } from '@/features/player/audio-engine';
import { REMOTE_POSITIONS_EVERY_MS } from '@/features/player/page-visibility';
import { createPlayerStore } from '@/features/player/player-store';
import type { ListeningPosition, PositionSync } from '@/features/player/position-sync';
import type { Track } from '@/features/player/player-types';
import { SAFETY_KEY } from '@/features/player/player-storage';

const track = (n: number): Track => ({
  id: `t${n}`,
  title: `Track ${n}`,
  category: 'Sleep',
  productId: `p${n}`,
});
const list = [track(1), track(2)];
const HERE = '00000000-0000-4000-8000-00000000000a';
const YESTERDAY = Date.now() - 86_400_000;

let flushes = 0;

function fakeSync(remote: ListeningPosition[]) {
  const recorded: { productId: string; seconds: number; rate: number; urgent?: string }[] = [];
  const sync: PositionSync = {
    device: { id: HERE, kind: 'computer' },
    read: () => Promise.resolve(remote),
    record: (position, urgent) => recorded.push({ ...position, urgent }),
    flush: () => {
      flushes += 1;
      return Promise.resolve();
    },
    dispose: () => {},
  };
  return { sync, recorded };
}

const onPhone = (productId: string, seconds: number): ListeningPosition => ({
  productId,
  seconds,
  rate: 1.5,
  deviceId: 'phone-device',
  deviceKind: 'phone',
  playedAt: YESTERDAY,
});

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('resume on any device', () => {
  beforeEach(() => {
    localStorage.clear();
    localStorage.setItem(SAFETY_KEY, 'acknowledged');
  });

  it('records positions with the speed and urgency, a finished track as 0', async () => {
    const { sync, recorded } = fakeSync([]);
    const store = createPlayerStore({ positionSync: () => sync });
    await store.setAccount('user-1');
    store.playTrack(list[0]!, list);
    store.setRate(1.25);
    store.rememberPosition('p1', 42.7, 600);
    store.rememberPosition('p1', 50, 600, 'pause');
    store.rememberPosition('p1', 598, 600, 'hidden');
    expect(recorded.map(({ seconds, rate, urgent }) => [seconds, rate, urgent])).toEqual([
      [42, 1.25, undefined],
      [50, 1.25, 'pause'],
      [0, 1.25, 'hidden'],
    ]);
  });

  it('offers to continue where another device left a track this one never played', async () => {
    const { sync } = fakeSync([onPhone('p1', 750)]);
    const store = createPlayerStore({ positionSync: () => sync });
    await store.setAccount('user-1');
    store.playTrack(list[0]!, list);
    await settle();
    expect(store.getSnapshot().resumeOffer).toMatchObject({
      productId: 'p1',
      remoteSeconds: 750,
      remoteDeviceKind: 'phone',
      localSeconds: 0,
    });
    store.answerResumeOffer('remote');
    expect(store.getSnapshot()).toMatchObject({ resumeOffer: null, rate: 1.5 });
    expect(store.getProgress().currentTime).toBe(750);
    expect(store.resumePosition('p1')).toBe(750);
  });

  it('asks before any sound: a press waits for the answer, then plays from the chosen position', async () => {
    const { sync } = fakeSync([onPhone('p1', 750)]);
    const store = createPlayerStore({ positionSync: () => sync });
    await store.setAccount('user-1');
    await settle(); // the account's positions, read at sign-in
    store.playTrack(list[0]!, list);
    expect(store.getSnapshot()).toMatchObject({
      resumeOffer: { remoteSeconds: 750 },
      isPlaying: false,
      isLoading: false,
      awaitingAnswer: true,
    });
    // The media reporting sound meanwhile (a press that started it) does not make it play.
    store.mediaPlaying();
    expect(store.getSnapshot()).toMatchObject({ isPlaying: false, awaitingAnswer: true });
    store.answerResumeOffer('remote');
    expect(store.getSnapshot()).toMatchObject({ resumeOffer: null, isPlaying: true, awaitingAnswer: false });
    expect(store.getProgress().currentTime).toBe(750);
  });

  it('Play in the bar while asked plays what this device has; a pause drops the held play', async () => {
    const { sync } = fakeSync([onPhone('p1', 750)]);
    const store = createPlayerStore({ positionSync: () => sync });
    await store.setAccount('user-1');
    await settle();
    store.playTrack(list[0]!, list);
    store.pause();
    expect(store.getSnapshot()).toMatchObject({ isPlaying: false, awaitingAnswer: false });
    store.answerResumeOffer('remote');
    expect(store.getSnapshot().isPlaying).toBe(false); // paused meanwhile: the answer only moves it

    const other = createPlayerStore({ positionSync: () => fakeSync([onPhone('p2', 300)]).sync });
    await other.setAccount('user-2');
    await settle();
    other.playTrack(list[1]!, list);
    expect(other.getSnapshot().awaitingAnswer).toBe(true);
    other.play(); // Play in the bar, the question still open: this device's position, and sound
    expect(other.getSnapshot()).toMatchObject({ resumeOffer: null, isPlaying: true, awaitingAnswer: false });
    expect(other.resumePosition('p2')).toBe(0);
  });

  it('asks when two devices disagree; keeping this one does not ask again', async () => {
    const { sync } = fakeSync([onPhone('p1', 750)]);
    const first = createPlayerStore();
    await first.setAccount('user-1');
    first.playTrack(list[0]!, list);
    // Left here at 4:10 two days ago (an older time than the phone's).
    first.rememberPosition('p1', 250, 600);
    const key = Object.keys(localStorage).find((k) => k.startsWith('hypnotherapy-player-'))!;
    const saved = JSON.parse(localStorage.getItem(key)!) as { playedAt: Record<string, number> };
    saved.playedAt.p1 = YESTERDAY - 86_400_000;
    localStorage.setItem(key, JSON.stringify(saved));

    const store = createPlayerStore({ positionSync: () => sync });
    await store.setAccount('user-1');
    await settle();
    expect(store.getSnapshot().resumeOffer).toMatchObject({ remoteSeconds: 750, localSeconds: 250 });
    store.answerResumeOffer('local');
    expect(store.getSnapshot().resumeOffer).toBeNull();
    await store.refreshRemotePositions();
    expect(store.getSnapshot().resumeOffer).toBeNull();
    expect(store.resumePosition('p1')).toBe(250);
  });

  it('does not ask about a position this device reached later', async () => {
    const { sync } = fakeSync([onPhone('p1', 750)]);
    const store = createPlayerStore({ positionSync: () => sync });
    await store.setAccount('user-1');
    store.playTrack(list[0]!, list);
    store.rememberPosition('p1', 100, 600); // now: later than the phone's yesterday
    await store.refreshRemotePositions();
    expect(store.getSnapshot().resumeOffer).toBeNull();
  });

  it('remembers the speed of each track', async () => {
    const store = createPlayerStore({ positionSync: () => fakeSync([]).sync });
    await store.setAccount('user-1');
    store.playTrack(list[0]!, list);
    store.setRate(1.5);
    store.next();
    expect(store.getSnapshot().rate).toBe(1.5); // a track without its own speed keeps the current one
    store.setRate(0.75);
    store.previous();
    store.changeTrack(0);
    expect(store.getSnapshot().rate).toBe(1.5);
    store.changeTrack(1);
    expect(store.getSnapshot().rate).toBe(0.75);

    const reloaded = createPlayerStore();
    await reloaded.setAccount('user-1');
    expect(reloaded.getSnapshot().rate).toBe(0.75);
  });
});

describe('the time a position was reached', () => {
  beforeEach(() => localStorage.clear());

  it('does not move when the same position is remembered again (pause, then the page hidden)', async () => {
    const { sync, recorded } = fakeSync([]);
    const store = createPlayerStore({ positionSync: () => sync });
    await store.setAccount('user-1');
    store.rememberPosition('p1', 20.4, 600, 'pause');
    flushes = 0;
    store.rememberPosition('p1', 20.9, 600, 'hidden');
    expect(recorded).toHaveLength(1);
    expect(flushes).toBe(1); // whatever still waits goes now
  });
});

describe('while the player sits paused on screen', () => {
  afterEach(() => vi.useRealTimers());

  it("reads the account's positions again every 15 s, and stops when disconnected", async () => {
    vi.useFakeTimers();
    localStorage.clear();
    let reads = 0;
    const sync: PositionSync = {
      ...fakeSync([]).sync,
      read: () => {
        reads += 1;
        return Promise.resolve([]);
      },
    };
    const store = createPlayerStore({ positionSync: () => sync });
    await store.setAccount('user-1');
    reads = 0;
    // jsdom has no media playback.
    const audio = Object.assign(document.createElement('audio'), { pause: () => {}, load: () => {} });
    const disconnect = connectAudio(audio, store, () => Promise.reject(new Error('no')), {
      artist: 'Test',
    });
    await vi.advanceTimersByTimeAsync(REMOTE_POSITIONS_EVERY_MS);
    expect(reads).toBe(1);
    disconnect();
    await vi.advanceTimersByTimeAsync(REMOTE_POSITIONS_EVERY_MS * 2);
    expect(reads).toBe(1);
  });
});
