// The resume question's rules (docs/player.md "Resume asks before any sound", docs/listening-positions.md): when
// to ask where to continue, and the held play while the question waits. Pure: the store applies them.
import type { ListeningPosition } from './position-sync';
import type { PlayerState, ResumeOffer } from './player-types';

/** Positions of two devices closer than this agree: nobody is asked. */
const AGREE_SECONDS = 10;

/**
 * Whether to ask where to continue `productId`: another device left it later (in time) at a point more than
 * a few seconds from where this device left it. Null when nothing needs asking.
 */
export function resumeOfferFor(
  productId: string,
  local: { seconds: number; playedAt: number },
  remote: ListeningPosition | undefined,
  deviceId: string,
): ResumeOffer | null {
  if (!remote || remote.deviceId === deviceId || remote.playedAt <= local.playedAt) return null;
  if (remote.seconds < 1 || Math.abs(remote.seconds - local.seconds) < AGREE_SECONDS) return null;
  return {
    productId,
    remoteSeconds: remote.seconds,
    remoteRate: remote.rate,
    remoteDeviceKind: remote.deviceKind,
    remotePlayedAt: remote.playedAt,
    localSeconds: local.seconds,
  };
}

/**
 * Nothing sounds while the resume question waits: a wish to play is held as `awaitingAnswer` until the question
 * is answered (or goes away), and then plays.
 */
export function holdForAnswer(next: PlayerState): PlayerState {
  if (next.resumeOffer) {
    if (!next.isPlaying) return next;
    return { ...next, isPlaying: false, isLoading: false, awaitingAnswer: true };
  }
  if (!next.awaitingAnswer) return next;
  return { ...next, awaitingAnswer: false, isPlaying: true, isLoading: true };
}
