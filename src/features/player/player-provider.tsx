import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { PlayerContext, type PlayerHandle } from './player-handle';
import type { PlayerStore } from './player-store';
import type { ListeningRecorder } from './player-types';

interface PlayerProviderProps {
  /** The signed-in user's id (null when signed out): the saved playlist and positions are per account. */
  accountId: string | null;
  /** Loads what records listening for the practice log (with the store, never before). */
  loadRecorder?: () => Promise<(key: string) => ListeningRecorder>;
  children: ReactNode;
}

/**
 * Holds the player for the whole app, across navigation (docs/product-rules.md §2, §4). Its store loads on demand: on the first
 * action, or at once for a signed-in account, whose saved playlist is restored (paused).
 */
export function PlayerProvider({ accountId, loadRecorder: recorderLoader, children }: PlayerProviderProps) {
  const [store, setStore] = useState<PlayerStore | null>(null);
  const account = useRef(accountId);
  const loadRecorder = useRef(recorderLoader);
  const loading = useRef<Promise<PlayerStore> | null>(null);
  const load = useCallback(
    () =>
      (loading.current ??= Promise.all([
        import('./player-store'),
        import('./position-sync'),
        loadRecorder.current?.(),
      ]).then(
        async ([{ createPlayerStore }, { createPositionSync, restTransport }, recorder]) => {
          // Positions also go to the account, so another device can offer to continue; so does the time
          // listened, for the practice log in My Account.
          const created = createPlayerStore({
            positionSync: (key) => createPositionSync(key, restTransport()),
            practice: recorder,
          });
          // The account first, so an action waiting for this load applies after the restore, not under it. A
          // restore that fails (unreadable storage) leaves the player empty but working.
          await created
            .setAccount(account.current)
            .catch((error: unknown) => console.warn('Could not restore the saved player:', error));
          setStore(created);
          return created;
        },
        (error: unknown) => {
          loading.current = null;
          throw error;
        },
      )),
    [],
  );
  useEffect(() => {
    account.current = accountId;
    if (store) void store.setAccount(accountId);
    else if (accountId) load().catch((error: unknown) => console.warn('Could not load the player:', error));
  }, [store, accountId, load]);
  const handle = useMemo<PlayerHandle>(() => ({ store, load }), [store, load]);
  return <PlayerContext.Provider value={handle}>{children}</PlayerContext.Provider>;
}
