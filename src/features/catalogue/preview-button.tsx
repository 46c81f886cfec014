import { Button } from '@/components/ui/button';
import { LoaderCircleIcon, PauseIcon, PlayIcon } from '@/components/ui/first-load-icons';
import { previewText } from '@/content/shop';
import type { CatalogueProduct } from './catalogue-types';
import type { PreviewState } from './use-preview-player';

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
  return (
    <Button variant="secondary" size="sm" aria-pressed={active} onClick={() => onToggle(product)}>
      <Icon className={loading ? 'animate-spin motion-reduce:animate-none' : undefined} />
      {previewText.buttonPlay}
      <span className="sr-only">: {product.title}</span>
    </Button>
  );
}
