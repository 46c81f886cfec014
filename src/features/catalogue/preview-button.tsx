import { Button } from '@/components/ui/button';
import { LoaderCircleIcon, PauseIcon, PlayIcon } from '@/components/ui/first-load-icons';
import { previewText } from '@/content/shop';
import type { CatalogueProduct } from './catalogue-types';
import { useSyncExternalStore } from 'react';
import type { PreviewProgress, PreviewState } from './use-preview-player';

interface PreviewButtonProps {
  product: CatalogueProduct;
  state: PreviewState;
  onToggle: (product: CatalogueProduct) => void;
}

/**
 * A toggle button, pressed while this item's clip plays (or loads); items without a clip have none. The page's
 * live region announces each change.
 */
export function PreviewButton({ product, state, onToggle }: PreviewButtonProps) {
  const active = state.productId === product.id;
  const loading = active && state.status === 'loading';
  if (!product.previewPath) return null;
  const Icon = loading ? LoaderCircleIcon : active ? PauseIcon : PlayIcon;
  const playing = active && state.status === 'playing';
  return (
    <span className="relative inline-flex">
      <Button variant="secondary" size="sm" aria-pressed={active} onClick={() => onToggle(product)}>
        <Icon className={loading ? 'animate-spin motion-reduce:animate-none' : undefined} />
        {previewText.buttonPlay}
        <span className="sr-only">: {product.title}</span>
      </Button>
      {playing && state.progress ? <PreviewProgressBar progress={state.progress} title={product.title} /> : null}
    </span>
  );
}

/**
 * A bar along the foot of the playing item's button: how far the clip has got. A progress bar beside the
 * button (not inside it, where it would not be announced), named after the audio.
 */
function PreviewProgressBar({ progress, title }: { progress: PreviewProgress; title: string }) {
  const { fraction, seconds, duration } = useSyncExternalStore(progress.subscribe, progress.get, progress.get);
  const percent = Math.round(fraction * 100);
  return (
    <span
      role="progressbar"
      aria-label={previewText.progressLabel(title)}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      aria-valuetext={duration > 0 ? previewText.progressText(seconds, duration) : undefined}
      data-testid="preview-progress"
      className="pointer-events-none absolute inset-x-3 bottom-1 h-1 overflow-hidden rounded-full bg-border"
    >
      <span className="block h-full bg-primary" style={{ width: `${percent}%` }} />
    </span>
  );
}
