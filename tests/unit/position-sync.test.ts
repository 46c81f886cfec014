// Listening positions sent to the account (src/features/player/position-sync.ts): at most every 15 s per
// track while playing, at once on pause, keepalive when hidden, kept while offline and sent when back online;
// and when the player asks where to continue (resumeOfferFor).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import {
  createPositionSync,
  deviceKindOf,
  restTransport,
  type ListeningPosition,
  type PositionTransport,
} from '@/features/player/position-sync';
import { resumeOfferFor } from '@/features/player/resume-offer';

const device = { id: '00000000-0000-4000-8000-000000000001', kind: 'computer' as const };

function recordingTransport(fail = false) {
  const writes: { positions: ListeningPosition[]; keepalive: boolean }[] = [];
  const transport: PositionTransport = {
    read: () => Promise.resolve([]),
    write: (positions, { keepalive }) => {
      writes.push({ positions: [...positions], keepalive });
      return fail ? Promise.reject(new Error('offline')) : Promise.resolve();
    },
  };
  return { transport, writes };
}

const at = (seconds: number, playedAt = 1000) => ({ productId: 'p1', seconds, rate: 1, playedAt });

function setOnline(value: boolean) {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => value });
}

describe('position sync', () => {
  let now = 0;
  beforeEach(() => {
    vi.useFakeTimers();
    localStorage.clear();
    now = 1_000_000;
    setOnline(true);
  });
  afterEach(() => {
    vi.useRealTimers();
    setOnline(true);
  });

  it('writes at most every 15 s per track while playing', async () => {
    const { transport, writes } = recordingTransport();
    // Date.now is the fake clock here, so the 15 s are measured as the timers advance.
    const sync = createPositionSync('acct', transport, { device });
    sync.record(at(5));
    await vi.advanceTimersByTimeAsync(0);
    expect(writes).toHaveLength(1);
    for (const s of [10, 15]) {
      await vi.advanceTimersByTimeAsync(5000);
      sync.record(at(s));
    }
    await vi.advanceTimersByTimeAsync(4999);
    expect(writes).toHaveLength(1); // 14.999 s after the first: not yet
    await vi.advanceTimersByTimeAsync(1);
    expect(writes).toHaveLength(2); // 15 s after the first, the latest position only
    expect(writes[1]!.positions).toEqual([{ ...at(15), deviceId: device.id, deviceKind: 'computer' }]);
    sync.dispose();
  });

  it('a pause is sent at once; a hidden page with keepalive', async () => {
    const { transport, writes } = recordingTransport();
    const sync = createPositionSync('acct', transport, { now: () => now, device });
    sync.record(at(5));
    await vi.advanceTimersByTimeAsync(0);
    sync.record(at(7), 'pause');
    await vi.advanceTimersByTimeAsync(0);
    sync.record(at(8), 'hidden');
    await vi.advanceTimersByTimeAsync(0);
    expect(writes.map((w) => [w.positions[0]!.seconds, w.keepalive])).toEqual([
      [5, false],
      [7, false],
      [8, true],
    ]);
    sync.dispose();
  });

  it('positions saved offline wait in storage and are sent when back online, also after a reload', async () => {
    setOnline(false);
    const { transport, writes } = recordingTransport();
    const first = createPositionSync('acct', transport, { now: () => now, device });
    first.record(at(42), 'pause');
    await vi.advanceTimersByTimeAsync(0);
    expect(writes).toHaveLength(0);
    first.dispose();
    // The page was closed offline; the next visit is online.
    setOnline(true);
    const second = createPositionSync('acct', transport, { now: () => now, device });
    await vi.advanceTimersByTimeAsync(0);
    expect(writes).toHaveLength(1);
    expect(writes[0]!.positions[0]!.seconds).toBe(42);
    expect(localStorage.length).toBe(0);
    second.dispose();
  });

  it("a failed write stays queued and goes on the 'online' event", async () => {
    const failing = recordingTransport(true);
    const sync = createPositionSync('acct', failing.transport, { now: () => now, device });
    sync.record(at(30), 'pause');
    await vi.advanceTimersByTimeAsync(0);
    expect(failing.writes).toHaveLength(1);
    expect(localStorage.length).toBe(1);
    window.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(0);
    expect(failing.writes).toHaveLength(2);
    sync.dispose();
  });

  it('tells phones, tablets and computers apart by user agent', () => {
    expect(deviceKindOf('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148')).toBe(
      'phone',
    );
    expect(deviceKindOf('Mozilla/5.0 (Linux; Android 14; Pixel 8) Chrome/120 Mobile Safari/537.36')).toBe(
      'phone',
    );
    expect(deviceKindOf('Mozilla/5.0 (Linux; Android 14; SM-X710) Chrome/120 Safari/537.36')).toBe('tablet');
    expect(deviceKindOf('Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X)')).toBe('tablet');
    expect(deviceKindOf('Mozilla/5.0 (X11; Linux x86_64) Chrome/120 Safari/537.36')).toBe('computer');
  });
});

describe('resumeOfferFor', () => {
  const other: ListeningPosition = {
    productId: 'p1',
    seconds: 750,
    rate: 1.25,
    deviceId: 'other-device',
    deviceKind: 'phone',
    playedAt: 5000,
  };

  it('asks when another device left the track later, elsewhere', () => {
    expect(resumeOfferFor('p1', { seconds: 250, playedAt: 1000 }, other, device.id)).toEqual({
      productId: 'p1',
      remoteSeconds: 750,
      remoteRate: 1.25,
      remoteDeviceKind: 'phone',
      remotePlayedAt: 5000,
      localSeconds: 250,
    });
    expect(resumeOfferFor('p1', { seconds: 0, playedAt: 0 }, other, device.id)?.localSeconds).toBe(0);
  });

  it('does not ask about its own position, an older one, one that agrees, or a finished track', () => {
    expect(
      resumeOfferFor('p1', { seconds: 0, playedAt: 0 }, { ...other, deviceId: device.id }, device.id),
    ).toBeNull();
    expect(resumeOfferFor('p1', { seconds: 250, playedAt: 9000 }, other, device.id)).toBeNull();
    expect(resumeOfferFor('p1', { seconds: 745, playedAt: 1000 }, other, device.id)).toBeNull();
    expect(
      resumeOfferFor('p1', { seconds: 250, playedAt: 1000 }, { ...other, seconds: 0 }, device.id),
    ).toBeNull();
    expect(resumeOfferFor('p1', { seconds: 250, playedAt: 1000 }, undefined, device.id)).toBeNull();
  });
});

describe("the browser's transport", () => {
  /** A client whose stored session is `session`; `from` records what would be asked of PostgREST. */
  function project(session: object | null) {
    const from = vi.fn(() => ({
      select: () =>
        Promise.resolve({
          data: [
            {
              product_id: 'p1',
              position_seconds: 42,
              rate: '1.25',
              device_id: device.id,
              device_kind: 'phone',
              played_at: '2026-01-01T00:00:00.000Z',
            },
          ],
          error: null,
        }),
    }));
    const client = { auth: { getSession: () => Promise.resolve({ data: { session } }) }, from };
    const rest = {
      url: 'https://stack.test',
      apiKey: 'anon',
      client: () => Promise.resolve(client as unknown as SupabaseClient),
    };
    return { from, transport: restTransport(rest) };
  }

  it('reads the positions with a live session', async () => {
    const { from, transport } = project({ access_token: 'token' });
    await expect(transport.read()).resolves.toEqual([
      {
        productId: 'p1',
        seconds: 42,
        rate: 1.25,
        deviceId: device.id,
        deviceKind: 'phone',
        playedAt: Date.parse('2026-01-01'),
      },
    ]);
    expect(from).toHaveBeenCalledWith('listening_positions');
  });

  it('asks nothing in the name of a session that has ended: a refusal, not a network failure', async () => {
    const { from, transport } = project(null);
    await expect(transport.read()).rejects.toThrow('Signed out');
    expect(from).not.toHaveBeenCalled();
  });
});
