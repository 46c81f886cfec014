import { Button } from '@/components/ui/button';
import { catalogueText as text } from '@/content/shop';

/** While the catalogue loads (client-side navigation) or when it could not be read. */
export function CatalogueStatus({ error, onRetry }: { error: boolean; onRetry: () => void }) {
  if (error) {
    return (
      <div role="alert" className="rounded-xl border-2 border-destructive p-6 text-center">
        <p>{text.loadError}</p>
        <Button variant="secondary" className="mt-4" onClick={onRetry}>
          {text.retry}
        </Button>
      </div>
    );
  }
  return (
    <div role="status" className="flex min-h-40 items-center justify-center gap-3">
      <span
        aria-hidden="true"
        className="size-6 animate-spin rounded-full border-4 border-primary border-t-transparent motion-reduce:animate-none"
      />
      <span>{text.loading}</span>
    </div>
  );
}
