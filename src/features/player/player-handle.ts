import { createContext, useContext } from 'react';
import type { PlayerStore } from './player-store';

// What the layout needs of the player on every page (src/features/player/player-provider.tsx and
// player-host.tsx): the context and the loaded store. The player's hooks and actions (player-context.ts) are
// used only by code that loads later, so they stay out of every page's first JavaScript (docs/architecture.md).

export interface PlayerHandle {
  /** The store, once loaded. */
  store: PlayerStore | null;
  /** Loads the store (once) and resolves with it. */
  load: () => Promise<PlayerStore>;
}

export const PlayerContext = createContext<PlayerHandle | null>(null);

export function usePlayerHandle(): PlayerHandle {
  const handle = useContext(PlayerContext);
  // docs/product-rules.md §8: using the player outside its provider is a programming error.
  if (!handle) throw new Error('usePlayer must be used within a PlayerProvider');
  return handle;
}

/** The loaded store, or null while the player is idle and its store not loaded. */
export function useLoadedPlayerStore(): PlayerStore | null {
  return usePlayerHandle().store;
}
