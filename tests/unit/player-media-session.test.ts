// The player's Media Session (src/features/player/media-session.ts): lock-screen metadata, playback state and
// position, the actions reaching the store, and everything removed on disconnect; nothing without the API.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { connectMediaSession } from '@/features/player/media-session';
import type { Track } from '@/features/player/player-types';
import { fakeMedia } from './fake-media';

const track: Track = { id: 't1', title: 'Deep sleep', category: 'Insomnia', productId: 'p1' };

function fakeSession() {
  const handlers = new Map<string, MediaSessionActionHandler | null>();
  const session = {
    metadata: null as MediaMetadata | null,
    playbackState: 'none' as MediaSessionPlaybackState,
    setActionHandler: vi.fn((action: string, handler: MediaSessionActionHandler | null) => {
      if (action === 'stop' && handler) throw new Error('not supported'); // an action this browser lacks
      handlers.set(action, handler);
    }),
    setPositionState: vi.fn(),
  };
  return { session, handlers, asSession: session as unknown as MediaSession };
}

const store = () => ({
  play: vi.fn(),
  pause: vi.fn(),
  previous: vi.fn(),
  next: vi.fn(),
  seek: vi.fn(),
  seekBy: vi.fn(),
});

describe('the media session', () => {
  beforeEach(() => {
    vi.stubGlobal(
      'MediaMetadata',
      class {
        constructor(public init: MediaMetadataInit) {}
      },
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('the lock screen buttons and headphones reach the store; an unsupported action is skipped', () => {
    const { handlers, asSession } = fakeSession();
    const actions = store();
    connectMediaSession(actions, 'The Practice', asSession);
    const call = (action: string, details: Partial<MediaSessionActionDetails> = {}) =>
      handlers.get(action)?.({ action, ...details } as MediaSessionActionDetails);
    call('play');
    call('pause');
    call('previoustrack');
    call('nexttrack');
    call('seekbackward');
    call('seekforward', { seekOffset: 30 });
    call('seekto', { seekTime: 42 });
    call('seekto', {});
    expect(actions.play).toHaveBeenCalledTimes(1);
    expect(actions.pause).toHaveBeenCalledTimes(1);
    expect(actions.previous).toHaveBeenCalledTimes(1);
    expect(actions.next).toHaveBeenCalledTimes(1);
    expect(actions.seekBy.mock.calls).toEqual([[-10], [30]]);
    expect(actions.seek.mock.calls).toEqual([[42]]);
    expect(handlers.has('stop')).toBe(false);
  });

  it('shows the track (title, artist, category as album), the playing state, and none once cleared', () => {
    const { session, asSession } = fakeSession();
    const link = connectMediaSession(store(), 'The Practice', asSession);
    link.showTrack(track);
    expect((session.metadata as unknown as { init: MediaMetadataInit }).init).toEqual({
      title: 'Deep sleep',
      artist: 'The Practice',
      album: 'Insomnia',
    });
    link.showPlaying(true);
    expect(session.playbackState).toBe('playing');
    link.showPlaying(false);
    expect(session.playbackState).toBe('paused');
    link.showTrack(null);
    expect(session.metadata).toBeNull();
  });

  it('the position state follows the element, once its length is known, capped at the length', () => {
    const { session, asSession } = fakeSession();
    const link = connectMediaSession(store(), 'The Practice', asSession);
    const media = fakeMedia();
    link.showPosition(media);
    expect(session.setPositionState).not.toHaveBeenCalled(); // no length yet
    media.report({ duration: 90 });
    media.currentTime = 95;
    media.playbackRate = 1.5;
    link.showPosition(media);
    expect(session.setPositionState).toHaveBeenLastCalledWith({
      duration: 90,
      playbackRate: 1.5,
      position: 90,
    });
    session.setPositionState.mockImplementationOnce(() => {
      throw new TypeError('inconsistent');
    });
    expect(() => link.showPosition(media)).not.toThrow();
  });

  it('disconnect removes every handler and the metadata', () => {
    const { session, handlers, asSession } = fakeSession();
    const link = connectMediaSession(store(), 'The Practice', asSession);
    link.showTrack(track);
    link.disconnect();
    expect([...handlers.values()].every((handler) => handler === null)).toBe(true);
    expect(session.setActionHandler).toHaveBeenCalledWith('stop', null);
    expect(session.metadata).toBeNull();
  });

  it('without the API every call does nothing', () => {
    const link = connectMediaSession(store(), 'The Practice', null);
    expect(() => {
      link.showTrack(track);
      link.showPlaying(true);
      link.showPosition(fakeMedia());
      link.disconnect();
    }).not.toThrow();
  });
});
