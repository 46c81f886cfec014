import { useMemo } from 'react';
import { usePlayerActions } from './player-context';
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

/** Play / Add to playlist / Play all for a list page (My Account), stable across renders. */
export function usePlaylistActions(): PlaylistActions {
  const store = usePlayerActions();
  return useMemo<PlaylistActions>(
    () => ({
      onPlay(item, playlist) {
        if (item.productId === null) return;
        store.playTrack(toTrack({ ...item, productId: item.productId }), playable(playlist));
      },
      onAddToPlaylist(item) {
        if (item.productId !== null) store.addToPlaylist(toTrack({ ...item, productId: item.productId }));
      },
      onPlayAll(playlist) {
        const tracks = playable(playlist);
        if (tracks[0]) store.playTrack(tracks[0], tracks);
      },
    }),
    [store],
  );
}
