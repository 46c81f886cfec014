import { useQuery } from '@tanstack/react-query';
import { heldBackAudioQuery } from './programmes-api';

/**
 * The account's audio without what a programme still holds back (a locked step's audio, given only by that
 * programme: docs/programmes.md "Unlock"), so 'Your audio' offers nothing the server would refuse to stream.
 * `known` is false until the held-back list has loaded (or failed: then nothing is hidden, and a press on a
 * held-back audio gets the server's refusal).
 */
export function useOpenAudio<T extends { productId: string | null }>(
  userId: string,
  owned: readonly T[],
): { audios: T[]; known: boolean } {
  const heldBack = useQuery(heldBackAudioQuery(userId));
  const hidden = heldBack.data;
  return {
    audios: hidden ? owned.filter((item) => !item.productId || !hidden.has(item.productId)) : [...owned],
    known: !heldBack.isPending,
  };
}
