import { useMutation } from '@tanstack/react-query';
import { Button } from '@/components/ui/button';
import { catalogueText as text } from '@/content/admin';
import { Notice } from '@/components/ui/notice';
import { requestSiteRebuild, useSiteRebuildFailed } from './site-rebuild';

/**
 * Tells the admin when the prerendered shop pages could not be sent for rebuilding (or were rebuilt under 2
 * minutes ago: the dashboard asks again by itself then), and lets them ask again.
 */
export function SiteRebuildNotice() {
  const failed = useSiteRebuildFailed();
  const retry = useMutation({ mutationFn: requestSiteRebuild });
  if (!failed) return null;
  return (
    <div className="space-y-2">
      <Notice variant="error">
        {failed === 'failed' ? text.rebuildFailed : text.rebuildTooSoon(failed.retryInSeconds)}
      </Notice>
      <Button size="sm" variant="secondary" disabled={retry.isPending} onClick={() => retry.mutate()}>
        {retry.isPending ? text.rebuildRetrying : text.rebuildRetry}
      </Button>
    </div>
  );
}
