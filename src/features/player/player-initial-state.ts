import type { PlayerProgress, PlayerState } from './player-types';

/** Nothing played yet: what the player reports before its store has loaded, and what the store starts from. */
export const initialPlayerState: PlayerState = {
  playlist: [],
  currentIndex: 0,
  isOpen: false,
  isPlaying: false,
  isLoading: false,
  shuffle: false,
  repeat: false,
  volume: 1, // docs/product-rules.md §9: default volume 1
  lastVolume: 1,
  rate: 1,
  expanded: false,
  view: 'now-playing',
  sleep: null,
  error: null,
  safetyNoticeOpen: false,
  resumeOffer: null,
  awaitingAnswer: false,
  loadKey: 0,
};

export const initialProgress: PlayerProgress = { currentTime: 0, duration: null };
