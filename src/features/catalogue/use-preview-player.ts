import { useCallback, useEffect, useRef, useState } from 'react';
import { previewText } from '@/content/shop';
import type { CatalogueProduct } from './catalogue-types';

export type PreviewStatus = 'loading' | 'playing';

export interface PreviewState {
  productId: string | null;
  status: PreviewStatus | null;
  /** The last change, for a polite live region. */
  announcement: string;
}

const idle: PreviewState = { productId: null, status: null, announcement: '' };

// Loaded on the first preview asked for: the shop pages' first load stays without it (and the audio storage
// module it uses).
const signPreviewUrl = (previewPath: string) =>
  import('./preview-api').then((module) => module.signPreviewUrl(previewPath));

/**
 * One preview clip at a time for a catalogue page: toggling an item plays its clip (pausing any other) or
 * pauses it. The audio element is created on first use; nothing loads until a preview is asked for.
 */
export function usePreviewPlayer(sign: (previewPath: string) => Promise<string> = signPreviewUrl) {
  const [state, setState] = useState<PreviewState>(idle);
  const audioRef = useRef<HTMLAudioElement | null>(null);
  const requestRef = useRef(0);
  const currentRef = useRef<CatalogueProduct | null>(null);

  useEffect(
    () => () => {
      requestRef.current += 1;
      audioRef.current?.pause();
    },
    [],
  );

  const audio = useCallback((): HTMLAudioElement => {
    if (!audioRef.current) {
      const element = new Audio();
      element.preload = 'none';
      element.addEventListener('ended', () => {
        const product = currentRef.current;
        currentRef.current = null;
        setState({
          productId: null,
          status: null,
          announcement: product ? previewText.ended(product.title) : '',
        });
      });
      audioRef.current = element;
    }
    return audioRef.current;
  }, []);

  const toggle = useCallback(
    async (product: CatalogueProduct) => {
      const element = audio();
      const request = ++requestRef.current;
      if (currentRef.current?.id === product.id) {
        element.pause();
        currentRef.current = null;
        setState({ productId: null, status: null, announcement: previewText.paused(product.title) });
        return;
      }
      element.pause();
      currentRef.current = product;
      setState({
        productId: product.id,
        status: 'loading',
        announcement: previewText.loading(product.title),
      });
      try {
        if (!product.previewPath) throw new Error('No preview clip');
        const url = await sign(product.previewPath);
        if (request !== requestRef.current) return;
        element.src = url;
        await element.play();
        if (request !== requestRef.current) return;
        setState({
          productId: product.id,
          status: 'playing',
          announcement: previewText.playing(product.title),
        });
      } catch (error) {
        if (request !== requestRef.current) return;
        console.warn('Preview playback failed:', error);
        currentRef.current = null;
        setState({ productId: null, status: null, announcement: previewText.failed(product.title) });
      }
    },
    [audio, sign],
  );

  return { state, toggle };
}
