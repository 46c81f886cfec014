import { createContext, useContext, useSyncExternalStore } from 'react';
import type { PlayerActions, PlayerStore } from './player-store';
import type { PlayerProgress, PlayerState } from './player-types';

export const PlayerContext = createContext<PlayerStore | null>(null);

function useStore(): PlayerStore {
  const store = useContext(PlayerContext);
  // Spec §8: using the player outside its provider is a programming error.
  if (!store) throw new Error('usePlayer must be used within a PlayerProvider');
  return store;
}

export type PlayerValue = PlayerState & PlayerActions;

/** The player's state and actions (spec §4 "Player"). Throws outside <PlayerProvider>. */
export function usePlayer(): PlayerValue {
  const store = useStore();
  const state = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
  return { ...store, ...state };
}

/** Position and duration, which change several times a second: only the bar listens. */
export function usePlayerProgress(): PlayerProgress {
  const store = useStore();
  return useSyncExternalStore(store.subscribeProgress, store.getProgress, store.getProgress);
}

/** The store itself, for the audio engine. */
export function usePlayerStore(): PlayerStore {
  return useStore();
}
