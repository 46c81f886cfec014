// The player's memory of one account: where each track was left (positions), when (playedAt) and at what speed
// (rates), kept on this device under a key that names no one (player-storage.ts `accountKey`), sent to the
// account so another device can offer to continue (position-sync.ts, docs/listening-positions.md), and the
// time listened measured for the practice log (docs/practice-log.md). Empty while signed out.
import type { SavedPlayer } from './player-storage';
import { readSavedPlayer, writeSavedPlayer } from './player-storage';
import type { ListeningPosition, PositionSync } from './position-sync';
import type { ListeningRecorder, PlayerState, ResumeOffer } from './player-types';
import { resumeOfferFor } from './resume-offer';

/** A track within this many seconds of its end counts as finished: it starts from the beginning next time. */
const FINISHED_MARGIN_SECONDS = 5;

export interface PlayerMemoryOptions {
  /** The account's positions on the server (`key` names the account); none (this device only) if absent. */
  positionSync?: (key: string) => PositionSync;
  /** Measures listening for the account's practice log (`key` names the account); none if absent. */
  practice?: (key: string) => ListeningRecorder;
  now: () => number;
}

export interface PlayerMemory {
  /** Forgets the account (signed out, or another one): nothing is saved or sent until `open`. */
  clear: () => void;
  /** The account named `key`: its saved player (null when none), its positions from now on. */
  open: (key: string) => SavedPlayer | null;
  /** Saves the player and the positions on this device (nothing while no account is open). */
  persist: (state: PlayerState) => void;
  /** Where this device left `productId` (0: the start). */
  position: (productId: string) => number;
  /** The speed last chosen for `productId`, if any. */
  rateOf: (productId: string) => number | undefined;
  /** The speed chosen for `productId` (kept among the most recent). */
  chooseRate: (productId: string, rate: number) => void;
  /** The question for `productId`, if another device left it elsewhere (null when signed out or none). */
  offerFor: (productId: string) => ResumeOffer | null;
  /** Reads the account's positions again; false when the account changed meanwhile (nothing to do). */
  readRemote: () => Promise<boolean>;
  /** Whether positions go to an account (an account is open with a sync). */
  syncing: () => boolean;
  /** The question answered: this device now holds the answer (and, for 'remote', the other's place). */
  answered: (offer: ResumeOffer, choice: 'remote' | 'local') => void;
  /** Sound started or stopped (for the practice log). */
  sounding: (was: string | null | undefined, now: string | null | undefined, isPlaying: boolean) => void;
  /**
   * Saves where `productId` is (`urgent`: paused, or the page hidden: sent at once); a finished track as the
   * start. `sounding`: it is the track heard now (the practice log counts on); `state` is saved with it.
   */
  remember: (
    productId: string,
    seconds: number,
    duration: number | null,
    urgent: 'pause' | 'hidden' | undefined,
    context: { sounding: boolean; state: PlayerState },
  ) => void;
  /** `productId` was heard to its end: every device starts it from the beginning next time. */
  ended: (productId: string, rate: number) => void;
}

export function createPlayerMemory(options: PlayerMemoryOptions): PlayerMemory {
  const { now } = options;
  let key: string | null = null;
  let positions: Record<string, number> = {};
  let playedAt: Record<string, number> = {};
  let rates: Record<string, number> = {};
  let sync: PositionSync | null = null;
  let practice: ListeningRecorder | null = null;
  const remote = new Map<string, ListeningPosition>();

  const persist = (state: PlayerState) => {
    if (!key) return;
    writeSavedPlayer(key, {
      playlist: state.playlist,
      currentIndex: state.currentIndex,
      volume: state.volume,
      lastVolume: state.lastVolume,
      rate: state.rate,
      shuffle: state.shuffle,
      repeat: state.repeat,
      positions,
      playedAt,
      rates,
    });
  };

  return {
    clear() {
      key = null;
      positions = {};
      playedAt = {};
      rates = {};
      remote.clear();
      sync?.dispose();
      sync = null;
      practice?.dispose();
      practice = null;
    },
    open(nextKey) {
      key = nextKey;
      sync = options.positionSync?.(nextKey) ?? null;
      practice = options.practice?.(nextKey) ?? null;
      const saved = readSavedPlayer(nextKey);
      if (saved) {
        positions = saved.positions;
        playedAt = saved.playedAt;
        rates = saved.rates;
      }
      return saved;
    },
    persist,
    position: (productId) => positions[productId] ?? 0,
    rateOf: (productId) => rates[productId],
    chooseRate(productId, rate) {
      delete rates[productId]; // re-inserted last: the most recent survive the cap
      rates[productId] = rate;
    },
    offerFor(productId) {
      if (!sync) return null;
      return resumeOfferFor(
        productId,
        { seconds: positions[productId] ?? 0, playedAt: playedAt[productId] ?? 0 },
        remote.get(productId),
        sync.device.id,
      );
    },
    async readRemote() {
      const current = sync;
      if (!current) return false;
      const read = await current.read();
      if (sync !== current) return false; // the account changed meanwhile
      remote.clear();
      for (const position of read) remote.set(position.productId, position);
      return true;
    },
    syncing: () => sync !== null,
    answered(offer, choice) {
      // Either way this device now holds the answer, so the same question is not asked again.
      playedAt[offer.productId] = now();
      if (choice === 'remote') {
        positions[offer.productId] = Math.floor(offer.remoteSeconds);
        rates[offer.productId] = offer.remoteRate;
      }
    },
    sounding(was, next, isPlaying) {
      if (was === next) return;
      if (was) practice?.stop(isPlaying ? undefined : 'pause');
      if (next) practice?.start(next);
    },
    remember(productId, seconds, duration, urgent, context) {
      if (context.sounding || urgent === 'hidden') practice?.update(urgent);
      const finished = duration !== null && seconds >= duration - FINISHED_MARGIN_SECONDS;
      // Unchanged (paused, then the page hidden or closed): the time it was reached stays, so a device that
      // merely reopens does not look newer than another device that listened on meanwhile.
      // What waits to be sent still goes now on a pause or when hidden.
      if (!finished && Math.floor(seconds) === positions[productId]) {
        if (urgent) void sync?.flush(urgent === 'hidden');
        return;
      }
      delete positions[productId]; // re-inserted last: the most recent survive the cap
      if (!finished && seconds >= 1) positions[productId] = Math.floor(seconds);
      const at = now();
      playedAt[productId] = at;
      persist(context.state);
      // A finished track is saved as 0: every device starts it from the beginning next time.
      sync?.record(
        {
          productId,
          seconds: finished ? 0 : Math.floor(seconds),
          rate: rates[productId] ?? context.state.rate,
          playedAt: at,
        },
        urgent,
      );
    },
    ended(productId, rate) {
      practice?.finish(productId);
      delete positions[productId];
      const at = now();
      playedAt[productId] = at;
      sync?.record({ productId, seconds: 0, rate, playedAt: at }, 'pause');
    },
  };
}
