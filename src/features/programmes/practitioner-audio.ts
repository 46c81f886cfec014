import { fromPractitionerText as text } from '@/content/programmes';
import type { Assignment } from './programme-steps';

// What the client's 'From your practitioner' plays and saves (docs/programmes.md "Screens"): the audio the
// account owns, the player and the download My Account composes in (the route), and audio uploaded for them.

/** An audio the account owns, as My Account lists it (the player's PlayableItem has this shape). */
export interface OwnedItem {
  id: string;
  title: string;
  category: string;
  productId: string | null;
  /** Seconds, when known: the player shows it as the length before the media reports one. */
  duration?: number;
}

export interface ProgrammePlayer {
  onPlay: (item: OwnedItem, playlist: readonly OwnedItem[]) => void;
  onPlayAll: (playlist: readonly OwnedItem[]) => void;
}

/** Saves an audio the client may have as a file (My Account's download, composed in by the route). */
export type DownloadAudio = (item: OwnedItem & { productId: string }) => Promise<void>;

/**
 * Audio the practitioner uploaded for this client (assigned on its own or as a programme's step) is theirs to
 * play, as the player knows it (by its id). A locked step shows no Play, and audio-url refuses it until it opens.
 */
function uploadedItems(assignments: readonly Assignment[]): OwnedItem[] {
  const uploaded = assignments.flatMap((assignment) => [
    ...(assignment.audio?.uploadedFile ? [assignment.audio] : []),
    ...(assignment.programme?.steps.filter((step) => step.uploadedFile) ?? []),
  ]);
  return uploaded.map((audio) => ({
    id: `uploaded-${audio.productId}`,
    title: audio.title,
    category: text.uploadedCategory,
    productId: audio.productId,
    ...(audio.duration ? { duration: audio.duration } : {}),
  }));
}

/** What the client can play, by the audio's id: what they own and what was uploaded for them. */
export function playableByProduct(
  owned: readonly OwnedItem[],
  assignments: readonly Assignment[],
): Map<string, OwnedItem> {
  return new Map(
    [...owned, ...uploadedItems(assignments)]
      .filter((item) => item.productId)
      .map((item) => [item.productId!, item]),
  );
}
