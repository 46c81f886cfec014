import { useEffect, useState, type ReactNode } from 'react';
import { PlayerContext } from './player-context';
import { createPlayerStore } from './player-store';

interface PlayerProviderProps {
  /** The signed-in user's id (null when signed out): the saved playlist and positions are per account. */
  accountId: string | null;
  children: ReactNode;
}

/** Holds the player for the whole app, across navigation (spec §2, §4). Cheap: no media, no UI. */
export function PlayerProvider({ accountId, children }: PlayerProviderProps) {
  const [store] = useState(() => createPlayerStore());
  useEffect(() => {
    void store.setAccount(accountId);
  }, [store, accountId]);
  return <PlayerContext.Provider value={store}>{children}</PlayerContext.Provider>;
}
