// Rebuilds are limited to one per 2 minutes by request-site-rebuild (docs/security.md "Destructive admin
// actions"): a request inside that window is answered with the seconds left; the catalogue tab says so,
// and the dashboard asks again by itself then, which clears the notice.
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { catalogueText } from '@/content/admin';
import { SiteRebuildNotice } from '@/features/admin/site-rebuild-notice';
import { requestSiteRebuild } from '@/features/admin/site-rebuild';
import { createQueryClient } from '@/lib/query-client';

const tooSoon = () => ({ data: { requested: false, retryAfterSeconds: 30 }, error: null });
const invoke = vi.fn();
vi.mock('@/lib/supabase', () => ({ getSupabase: async () => ({ functions: { invoke } }) }));

afterEach(() => {
  vi.useRealTimers();
});

describe('a rebuild asked for too soon', () => {
  it('says when the dashboard asks again, asks then by itself, and the notice goes', async () => {
    vi.useFakeTimers();
    invoke.mockResolvedValueOnce(tooSoon()).mockResolvedValueOnce({ data: { requested: true }, error: null });
    render(
      <QueryClientProvider client={createQueryClient()}>
        <SiteRebuildNotice />
      </QueryClientProvider>,
    );
    await act(() => requestSiteRebuild());
    expect(screen.getByRole('alert')).toHaveTextContent(catalogueText.rebuildTooSoon(30));
    expect(invoke).toHaveBeenCalledTimes(1);

    await act(async () => {
      await vi.advanceTimersByTimeAsync(30_000);
    });
    expect(invoke).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
