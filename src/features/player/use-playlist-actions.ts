import { useEffect, useMemo } from 'react';
import { keepOwnedAudioUrlsFresh, prefetchOwnedAudioUrl } from '@/lib/audio-storage';
import { usePlayerActions } from './player-context';
import { usePlayerHandle } from './player-handle';
import { loadPlayerBar } from './player-host';
import { startPrimedPlay } from './primed-audio';
import type { Track } from './player-types';

/** Anything listed with a Play button (e.g. a purchase): playable when it has a product. */
export interface PlayableItem {
  id: string;
  title: string;
  category: string;
  productId: string | null;
  /** Seconds, when known. */
  duration?: number;
}

export function toTrack(item: PlayableItem & { productId: string }): Track {
  return {
    id: item.id,
    title: item.title,
    category: item.category,
    productId: item.productId,
    ...(item.duration !== undefined ? { duration: item.duration } : {}),
  };
}

const playable = (items: readonly PlayableItem[]): Track[] =>
  items.filter((item): item is PlayableItem & { productId: string } => item.productId !== null).map(toTrack);

export interface PlaylistActions {
  /** Plays `item` with `playlist` as the queue. */
  onPlay: (item: PlayableItem, playlist: readonly PlayableItem[]) => void;
  onAddToPlaylist: (item: PlayableItem) => void;
  /** Plays the list from its first playable item. */
  onPlayAll: (playlist: readonly PlayableItem[]) => void;
}

/** Audio listed first whose links are kept ready (a list of fifty does not mint fifty links). */
const READY_FIRST = 3;

/**
 * Play / Add to playlist / Play all for a list page (My Account), stable across renders. First play within
 * 300 ms (docs/audio-links.md "Minted ahead"): while `shown` is on screen the links of its first few audios
 * are minted ahead and kept fresh, and the player's code is fetched when the browser is idle; a press mints
 * its link at once, alongside whatever of the player still loads.
 */
export function usePlaylistActions(shown: readonly PlayableItem[] = []): PlaylistActions {
  const store = usePlayerActions();
  const loaded = usePlayerHandle().store;
  const ready = playable(shown)
    .slice(0, READY_FIRST)
    .map((track) => track.productId)
    .join(' ');
  useEffect(() => (ready ? keepOwnedAudioUrlsFresh(ready.split(' ')) : undefined), [ready]);
  useEffect(() => {
    if (!ready) return;
    const preload = () => void loadPlayerBar().catch(() => undefined); // a failure shows on the press
    if (typeof requestIdleCallback === 'function') {
      const id = requestIdleCallback(preload, { timeout: 2000 });
      return () => cancelIdleCallback(id);
    }
    const timer = setTimeout(preload, 200);
    return () => clearTimeout(timer);
  }, [ready]);
  return useMemo<PlaylistActions>(
    () => ({
      onPlay(item, playlist) {
        if (item.productId === null) return;
        store.playTrack(toTrack({ ...item, productId: item.productId }), playable(playlist));
        // The media starts in this handler when its link waits (./primed-audio.ts); else it is minted now.
        if (!loaded || !startPrimedPlay(loaded)) prefetchOwnedAudioUrl(item.productId);
      },
      onAddToPlaylist(item) {
        if (item.productId !== null) store.addToPlaylist(toTrack({ ...item, productId: item.productId }));
      },
      onPlayAll(playlist) {
        const tracks = playable(playlist);
        if (!tracks[0]) return;
        store.playTrack(tracks[0], tracks);
        if (!loaded || !startPrimedPlay(loaded)) prefetchOwnedAudioUrl(tracks[0].productId);
      },
    }),
    [store, loaded],
  );
}
