import { CircleAlert, LoaderCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { uiText } from '@/content/ui';

/** A section's own words for its loading and failure (e.g. 'Loading your orders…'). */
export interface QueryStateText {
  loading: string;
  error: string;
  retry: string;
}

/**
 * Loading, error (with retry) or the content, for one TanStack query. The dashboard's `panel` frames a failure
 * with its technical message, for the admin; a customer's section (My Account) passes its own words and the
 * `inline` look: one line in the section, no technical detail.
 */
export function QueryState<T>({
  query,
  children,
  text,
  look = 'panel',
}: {
  query: { isPending: boolean; error: Error | null; data: T | undefined; refetch: () => unknown };
  children: (data: T) => ReactNode;
  text?: QueryStateText;
  look?: 'panel' | 'inline';
}) {
  const { error } = query;
  const retry = (
    <Button size="sm" variant="secondary" onClick={() => void query.refetch()}>
      {text?.retry ?? uiText.retry}
    </Button>
  );
  if (error && look === 'inline') {
    return (
      <div role="alert" className="flex flex-wrap items-center gap-3">
        <p className="text-destructive">{text?.error ?? uiText.loadFailed}</p>
        {retry}
      </div>
    );
  }
  if (error) {
    return (
      <div
        role="alert"
        className="flex flex-wrap items-center gap-3 rounded-lg border border-destructive p-4 text-destructive"
      >
        <CircleAlert aria-hidden="true" className="size-5 shrink-0" />
        <span className="font-medium">
          {text?.error ?? uiText.loadFailed} ({error.message})
        </span>
        {retry}
      </div>
    );
  }
  if (query.isPending || query.data === undefined) {
    return (
      <p role="status" className="flex items-center gap-2 text-muted-foreground">
        <LoaderCircle aria-hidden="true" className="size-5 animate-spin motion-reduce:animate-none" />
        {text?.loading ?? uiText.loading}
      </p>
    );
  }
  return <>{children(query.data)}</>;
}
