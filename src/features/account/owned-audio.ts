// The shapes of a bought audio in My Account, shared by the audio section and its lists.

/** A bought audio as My Account shows it (the auth feature's Purchase has this shape). */
export interface OwnedAudio {
  id: string;
  title: string;
  category: string;
  /** YYYY-MM-DD */
  purchaseDate: string;
  price: number;
  /** The catalogue product whose full audio streams; null when the purchase has none. */
  productId: string | null;
  /** The order that granted it; null or absent for none (e.g. a gift). */
  orderId?: string | null;
  /** Seconds: the audio's stored length, when known. */
  duration?: number;
}

/** An owned audio with a product to stream: what the player is offered. */
export type PlayableAudio = OwnedAudio & { productId: string };

/** What the player needs of an audio to play it (the audios saved on this device have no more). */
export type ListenableAudio = Pick<PlayableAudio, 'id' | 'title' | 'category' | 'productId' | 'duration'>;
