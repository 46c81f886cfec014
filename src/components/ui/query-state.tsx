import { CircleAlert, LoaderCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { uiText } from '@/content/ui';

/** Loading, error (with retry) or the content, for one TanStack query. */
export function QueryState<T>({
  query,
  children,
}: {
  query: { isPending: boolean; error: Error | null; data: T | undefined; refetch: () => unknown };
  children: (data: T) => ReactNode;
}) {
  const { error } = query;
  if (error) {
    return (
      <div
        role="alert"
        className="flex flex-wrap items-center gap-3 rounded-lg border border-destructive p-4 text-destructive"
      >
        <CircleAlert aria-hidden="true" className="size-5 shrink-0" />
        <span className="font-medium">
          {uiText.loadFailed} ({error.message})
        </span>
        <Button size="sm" variant="secondary" onClick={() => void query.refetch()}>
          {uiText.retry}
        </Button>
      </div>
    );
  }
  if (query.isPending || query.data === undefined) {
    return (
      <p role="status" className="flex items-center gap-2 text-muted-foreground">
        <LoaderCircle aria-hidden="true" className="size-5 animate-spin motion-reduce:animate-none" />
        {uiText.loading}
      </p>
    );
  }
  return <>{children(query.data)}</>;
}
