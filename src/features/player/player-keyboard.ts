// The player's keyboard shortcuts while its bar is shown (docs/product-rules.md §9, D17): Space plays or pauses,
// ArrowLeft/ArrowRight seek 10 s, ArrowUp/ArrowDown change the volume. A key a focused control handles itself
// (a text field, a slider, a button's Space) stays that control's (player-logic.ts `shortcutFor`).
import { isPlayerVisible, SEEK_STEP_SECONDS, shortcutFor, VOLUME_STEP } from './player-logic';
import type { PlayerActions } from './player-actions';
import type { PlayerStore } from './player-store';

type KeyboardStore = Pick<PlayerStore, 'getSnapshot'> &
  Pick<PlayerActions, 'togglePlay' | 'seekBy' | 'setVolume'>;

/** Listens for the shortcuts on `target` (the document); returns the removal. */
export function connectPlayerKeyboard(store: KeyboardStore, target: Document = document): () => void {
  const onKeyDown = (event: KeyboardEvent) => {
    const state = store.getSnapshot();
    if (!isPlayerVisible(state) || state.safetyNoticeOpen || event.defaultPrevented) return;
    const focused = event.target instanceof Element ? event.target : target.activeElement;
    const action = shortcutFor(event, focused);
    if (!action) return;
    event.preventDefault();
    if (action === 'toggle-play') store.togglePlay();
    else if (action === 'seek-back') store.seekBy(-SEEK_STEP_SECONDS);
    else if (action === 'seek-forward') store.seekBy(SEEK_STEP_SECONDS);
    else if (action === 'volume-up') store.setVolume(state.volume + VOLUME_STEP);
    else store.setVolume(state.volume - VOLUME_STEP);
  };
  target.addEventListener('keydown', onKeyDown);
  return () => target.removeEventListener('keydown', onKeyDown);
}
