import { useQuery } from '@tanstack/react-query';
import { heldBackAudioQuery } from './api/held-back';

/**
 * The account's audio without what a programme still holds back (a locked step's audio, given only by that
 * programme: docs/programmes.md "Unlock"), so 'Your audio' offers nothing the server would refuse to stream.
 * While the held-back list loads, only what was paid for is listed: a programme gives its audio without an
 * order and never holds back a bought one, so nothing locked shows even for a moment. `known` is false until
 * the list has loaded (or failed, or waits offline: then nothing is hidden, and a press on a held-back audio
 * gets the server's refusal). `loading` is true while the list is being read (it may still grow).
 */
export function useOpenAudio<T extends { productId: string | null; orderId?: string | null }>(
  userId: string,
  owned: readonly T[],
): { audios: T[]; known: boolean; loading: boolean } {
  const heldBack = useQuery(heldBackAudioQuery(userId));
  const hidden = heldBack.data;
  const loading = heldBack.isPending && heldBack.fetchStatus === 'fetching';
  let audios: T[];
  if (hidden) audios = owned.filter((item) => !item.productId || !hidden.has(item.productId));
  else if (loading) audios = owned.filter((item) => Boolean(item.orderId));
  else audios = [...owned];
  return { audios, known: !heldBack.isPending, loading };
}
