import { useLoadedPlayerStore, usePlayer } from './player-context';
import { currentTrack } from './player-current-track';

/** What a list of audio shows of the player: which audio plays now, and where this device left each one. */
export interface ListeningLibrary {
  /** The audio the bar plays (or is about to), by product id; null when none sounds. */
  playingProductId: string | null;
  /** Seconds this device left `productId` at (0 when never, or heard to its end). */
  positionOf: (productId: string) => number;
}

/**
 * The player as a list of audio sees it (My Account's rows: their progress and a "playing" mark). Before the
 * player's store has loaded nothing plays and nothing is known: every position is 0.
 */
export function useListeningLibrary(): ListeningLibrary {
  const player = usePlayer();
  const store = useLoadedPlayerStore();
  const track = currentTrack(player);
  const playingProductId = player.isPlaying && track ? track.productId : null;
  return {
    playingProductId,
    // Read when the player's state changes (a play, a pause, another track), not at every tick of playback: the
    // page around the list need not render four times a second.
    positionOf: (productId) => store?.resumePosition(productId) ?? 0,
  };
}
