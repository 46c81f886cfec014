// The player's memory of one account (src/features/player/player-memory.ts): positions, when and at what speed,
// saved on this device and sent to the account, the resume question it asks, and the practice log told when
// sound starts, stops, plays on and ends.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { initialPlayerState } from '@/features/player/player-initial-state';
import { createPlayerMemory } from '@/features/player/player-memory';
import { readSavedPlayer } from '@/features/player/player-storage';
import type { ListeningPosition, PositionSync } from '@/features/player/position-sync';
import type { ListeningRecorder, PlayerState } from '@/features/player/player-types';

const HERE = '00000000-0000-4000-8000-00000000000a';
const KEY = 'hypnotherapy-player-test';
const state: PlayerState = {
  ...initialPlayerState,
  playlist: [{ id: 't1', title: 'A', category: 'Sleep', productId: 'p1' }],
  rate: 1.25,
};

function fakes(remote: ListeningPosition[] = []) {
  const sync = {
    device: { id: HERE, kind: 'computer' as const },
    read: vi.fn(() => Promise.resolve(remote)),
    record: vi.fn(),
    flush: vi.fn(() => Promise.resolve()),
    dispose: vi.fn(),
  } satisfies PositionSync;
  const practice = {
    start: vi.fn(),
    update: vi.fn(),
    stop: vi.fn(),
    finish: vi.fn(),
    dispose: vi.fn(),
  } satisfies ListeningRecorder;
  return { sync, practice };
}

describe('the player memory', () => {
  let clock: number;
  let sync: ReturnType<typeof fakes>['sync'];
  let practice: ReturnType<typeof fakes>['practice'];
  let memory: ReturnType<typeof createPlayerMemory>;
  const remember = (seconds: number, urgent?: 'pause' | 'hidden', sounding = true) =>
    memory.remember('p1', seconds, 600, urgent, { sounding, state });

  beforeEach(() => {
    localStorage.clear();
    clock = 1000;
    ({ sync, practice } = fakes([
      { productId: 'p1', seconds: 300, rate: 1.5, deviceId: 'phone', deviceKind: 'phone', playedAt: 5000 },
    ]));
    memory = createPlayerMemory({ positionSync: () => sync, practice: () => practice, now: () => clock });
  });

  it('nothing is saved or sent before an account is open', () => {
    remember(42);
    memory.persist(state);
    expect(localStorage.length).toBe(0);
    expect(sync.record).not.toHaveBeenCalled();
    expect(memory.syncing()).toBe(false);
    expect(memory.offerFor('p1')).toBeNull();
  });

  it('saves whole seconds on this device and sends them with the speed and when', () => {
    expect(memory.open(KEY)).toBeNull();
    remember(42.7);
    expect(memory.position('p1')).toBe(42);
    expect(readSavedPlayer(KEY)).toMatchObject({ positions: { p1: 42 }, playedAt: { p1: 1000 } });
    expect(sync.record).toHaveBeenLastCalledWith(
      { productId: 'p1', seconds: 42, rate: 1.25, playedAt: 1000 },
      undefined,
    );
    memory.chooseRate('p1', 0.75);
    clock = 2000;
    remember(50, 'pause');
    expect(sync.record).toHaveBeenLastCalledWith(
      { productId: 'p1', seconds: 50, rate: 0.75, playedAt: 2000 },
      'pause',
    );
  });

  it('an unchanged position keeps its time; a pause or hidden page only sends what waits', () => {
    memory.open(KEY);
    remember(42);
    clock = 9000;
    remember(42.4, 'hidden');
    expect(sync.record).toHaveBeenCalledTimes(1);
    expect(sync.flush).toHaveBeenCalledWith(true);
    expect(readSavedPlayer(KEY)?.playedAt).toEqual({ p1: 1000 });
  });

  it('a finished track (or one at its very start) is saved as the start', () => {
    memory.open(KEY);
    remember(597);
    expect(memory.position('p1')).toBe(0);
    expect(sync.record).toHaveBeenLastCalledWith(expect.objectContaining({ seconds: 0 }), undefined);
    remember(0.5);
    expect(memory.position('p1')).toBe(0);
  });

  it('a track heard to its end: the practice log is told, every device starts it again', () => {
    memory.open(KEY);
    remember(120);
    clock = 3000;
    memory.ended('p1', 1.25);
    expect(practice.finish).toHaveBeenCalledWith('p1');
    expect(memory.position('p1')).toBe(0);
    expect(sync.record).toHaveBeenLastCalledWith(
      { productId: 'p1', seconds: 0, rate: 1.25, playedAt: 3000 },
      'pause',
    );
  });

  it("asks where to continue once the account's positions are read; the answer is this device's from then on", async () => {
    memory.open(KEY);
    expect(memory.offerFor('p1')).toBeNull(); // not read yet
    await expect(memory.readRemote()).resolves.toBe(true);
    const offer = memory.offerFor('p1');
    expect(offer).toMatchObject({ productId: 'p1', remoteSeconds: 300, remoteRate: 1.5, localSeconds: 0 });
    clock = 6000;
    memory.answered(offer!, 'remote');
    expect(memory.position('p1')).toBe(300);
    expect(memory.rateOf('p1')).toBe(1.5);
    expect(memory.offerFor('p1')).toBeNull(); // this device now holds the newer answer
  });

  it("'here' keeps this device's place and speed", async () => {
    memory.open(KEY);
    remember(40);
    await memory.readRemote();
    clock = 6000;
    memory.answered(memory.offerFor('p1')!, 'local');
    expect(memory.position('p1')).toBe(40);
    expect(memory.rateOf('p1')).toBeUndefined();
    expect(memory.offerFor('p1')).toBeNull();
  });

  it('a read that comes back after the account changed is dropped', async () => {
    memory.open(KEY);
    const reading = memory.readRemote();
    memory.clear();
    await expect(reading).resolves.toBe(false);
    expect(sync.dispose).toHaveBeenCalled();
    expect(practice.dispose).toHaveBeenCalled();
  });

  it('restores what was saved for the account, and forgets it on clear', () => {
    memory.open(KEY);
    remember(42);
    memory.chooseRate('p1', 1.5);
    memory.persist(state);
    memory.clear();
    expect(memory.position('p1')).toBe(0);
    const saved = memory.open(KEY);
    expect(saved?.playlist).toEqual(state.playlist);
    expect(memory.position('p1')).toBe(42);
    expect(memory.rateOf('p1')).toBe(1.5);
  });

  it('tells the practice log when sound starts and stops, and counts on only while it sounds (or hidden)', () => {
    memory.open(KEY);
    memory.sounding(null, 'p1', true);
    expect(practice.start).toHaveBeenCalledWith('p1');
    memory.sounding('p1', 'p1', true);
    expect(practice.start).toHaveBeenCalledTimes(1);
    memory.sounding('p1', null, false);
    expect(practice.stop).toHaveBeenCalledWith('pause');
    memory.sounding('p1', 'p2', true);
    expect(practice.stop).toHaveBeenLastCalledWith(undefined);
    remember(10, undefined, false);
    expect(practice.update).not.toHaveBeenCalled();
    remember(20, 'hidden', false);
    expect(practice.update).toHaveBeenCalledWith('hidden');
  });
});
