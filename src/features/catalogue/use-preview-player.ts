import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { previewText } from '@/content/shop';
import type { CatalogueProduct } from './catalogue-types';

export type PreviewStatus = 'loading' | 'playing';

/**
 * How far the playing clip has got (0 to 1) and its length in seconds, kept outside React state: it changes
 * several times a second, and only the playing item's progress bar reads it (not the whole list).
 */
export interface PreviewProgress {
  subscribe: (listener: () => void) => () => void;
  get: () => { fraction: number; seconds: number; duration: number };
}

function createPreviewProgress(): PreviewProgress & { set: (seconds: number, duration: number) => void } {
  let value = { fraction: 0, seconds: 0, duration: 0 };
  const listeners = new Set<() => void>();
  return {
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    get: () => value,
    set: (seconds, duration) => {
      const known = Number.isFinite(duration) && duration > 0 ? duration : 0;
      const fraction = known > 0 ? Math.min(1, Math.max(0, seconds / known)) : 0;
      if (fraction === value.fraction && known === value.duration) return;
      value = { fraction, seconds, duration: known };
      for (const listener of listeners) listener();
    },
  };
}

export interface PreviewState {
  productId: string | null;
  status: PreviewStatus | null;
  /** The last change, for a polite live region. */
  announcement: string;
  /** The playing clip's progress (absent where no clip can play, e.g. in tests of the list alone). */
  progress?: PreviewProgress;
}

// Loaded on the first preview asked for: the shop pages' first load stays without it (and the audio storage
// module it uses).
const signPreviewUrl = (previewPath: string) =>
  import('./preview-api').then((module) => module.signPreviewUrl(previewPath));

/**
 * One preview clip at a time for a catalogue page: toggling an item plays its clip (pausing any other) or
 * pauses it. The audio element is created on first use; nothing loads until a preview is asked for.
 */
export function usePreviewPlayer(sign: (previewPath: string) => Promise<string> = signPreviewUrl) {
  const [state, setState] = useState<PreviewState>({ productId: null, status: null, announcement: '' });
  const [progress] = useState(createPreviewProgress);
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
      element.addEventListener('timeupdate', () => progress.set(element.currentTime, element.duration));
      element.addEventListener('ended', () => {
        const product = currentRef.current;
        currentRef.current = null;
        progress.set(0, 0);
        setState({
          productId: null,
          status: null,
          announcement: product ? previewText.ended(product.title) : '',
        });
      });
      audioRef.current = element;
    }
    return audioRef.current;
  }, [progress]);

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
      progress.set(0, 0);
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
    [audio, sign, progress],
  );

  const withProgress = useMemo(() => ({ ...state, progress }), [state, progress]);
  return { state: withProgress, toggle };
}
