import { useMemo, useSyncExternalStore } from 'react';
import { usePlayerHandle as useHandle } from './player-handle';
import { initialPlayerState, initialProgress } from './player-initial-state';
import type { PlayerActions } from './player-actions';
import type { PlayerStore } from './player-store';
import type { PlayerProgress, PlayerState } from './player-types';

// The player's store loads on demand (docs/architecture.md "Budgets": the player is not in a page's first JavaScript): when
// something is played, or when a signed-in account may have a saved playlist to restore. Until then the
// player is idle, and that is what it reports; an action loads the store first, then applies.

const actionNames = [
  'playTrack',
  'addToPlaylist',
  'removeFromPlaylist',
  'changeTrack',
  'next',
  'previous',
  'play',
  'pause',
  'togglePlay',
  'toggleShuffle',
  'toggleRepeat',
  'setVolume',
  'toggleMute',
  'seek',
  'seekBy',
  'setRate',
  'setSleepTimer',
  'extendSleepTimer',
  'setExpanded',
  'setView',
  'close',
  'acknowledgeSafety',
  'dismissSafety',
  'clearError',
  'answerResumeOffer',
] as const satisfies readonly (keyof PlayerActions)[];
// Every action is listed (a compile error names the one that is not).
const everyAction: Record<Exclude<keyof PlayerActions, (typeof actionNames)[number]>, never> = {};
void everyAction;

/** Each action, applied once the store has loaded. */
function deferredActions(load: () => Promise<PlayerStore>): PlayerActions {
  const actions: Record<string, (...args: never[]) => void> = {};
  for (const name of actionNames)
    actions[name] = (...args: never[]) =>
      void load().then(
        (store) => (store[name] as (...a: never[]) => void)(...args),
        // Its code could not be fetched (offline): nothing plays, and the next press tries again.
        (error: unknown) => console.warn('Could not load the player:', error),
      );
  return actions as unknown as PlayerActions;
}

const noSubscription = () => () => {};
const idleState = () => initialPlayerState;
const idleProgress = () => initialProgress;

export type PlayerValue = PlayerState & PlayerActions;

/** The player's actions: the store's own once loaded, otherwise ones that load it first. */
export function usePlayerActions(): PlayerActions {
  const { store, load } = useHandle();
  return useMemo(() => store ?? deferredActions(load), [store, load]);
}

/** The player's state and actions (docs/product-rules.md §4 "Player"). Throws outside <PlayerProvider>. */
export function usePlayer(): PlayerValue {
  const { store } = useHandle();
  const actions = usePlayerActions();
  const state = useSyncExternalStore(
    store?.subscribe ?? noSubscription,
    store?.getSnapshot ?? idleState,
    store?.getSnapshot ?? idleState,
  );
  return { ...actions, ...state };
}

/** Position and duration, which change several times a second: only the bar listens. */
export function usePlayerProgress(): PlayerProgress {
  const { store } = useHandle();
  return useSyncExternalStore(
    store?.subscribeProgress ?? noSubscription,
    store?.getProgress ?? idleProgress,
    store?.getProgress ?? idleProgress,
  );
}

export { useLoadedPlayerStore } from './player-handle';
