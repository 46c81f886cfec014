import { useMutation } from '@tanstack/react-query';
import { signOwnedAudioUrl } from '@/lib/audio-storage';
import { audioFileName } from '../file-names';
import { saveBlob } from '../save-file';

/**
 * Downloads an owned audio as `<title>.mp3`. The signed URL names only the product's object (a product id),
 * and the file is saved from an object URL, so the title appears in no URL, request or log.
 */
export async function downloadOwnedAudio(productId: string, title: string): Promise<void> {
  // The link lives minutes; the download only has to start within them (Storage checks it once, at the start).
  const { url } = await signOwnedAudioUrl(productId);
  const response = await fetch(url);
  if (!response.ok) throw new Error(`The audio could not be downloaded (HTTP ${response.status}).`);
  saveBlob(await response.blob(), audioFileName(title));
}

/** 'Download' of an owned audio: a file saved, so nothing to refresh; a failure is logged without the title. */
export function useDownloadOwnedAudio() {
  return useMutation({
    mutationFn: ({ productId, title }: { productId: string; title: string }) =>
      downloadOwnedAudio(productId, title),
    // What someone bought is health data (docs/product-rules.md D26): the log names no audio.
    onError: (error: unknown) =>
      console.warn('Audio download failed:', error instanceof Error ? error.name : 'unknown error'),
  });
}
