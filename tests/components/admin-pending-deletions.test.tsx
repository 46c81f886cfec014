// The overview's notice of private files still waiting to be removed (docs/security.md "Activity log and
// erasure"): shown only while some wait, with their count; its button runs reconcile-payments (which removes
// them) and says what is left.
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { storageDeletionsText as text } from '@/content/admin';
import { PendingDeletionsNotice } from '@/features/admin/pending-deletions-notice';
import { createQueryClient } from '@/lib/query-client';

let pending = 3;
let failing = 1;
const rpc = vi.fn(async (name: string) => {
  if (name !== 'admin_pending_storage_deletions') throw new Error(`unexpected rpc ${name}`);
  return { data: { count: pending, oldest: '2026-11-28T10:00:00Z' }, error: null };
});
const invoke = vi.fn(async (name: string) => {
  if (name !== 'reconcile-payments') throw new Error(`unexpected function ${name}`);
  const removed = pending - failing;
  pending = failing;
  return {
    data: {
      checked: 0,
      fulfilled: 0,
      failed: 0,
      refunds: 0,
      receipts: 0,
      files_removed: removed,
      files_failed: failing,
    },
    error: null,
  };
});
vi.mock('@/lib/supabase', () => ({ getSupabase: async () => ({ rpc, functions: { invoke } }) }));

function renderNotice() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <PendingDeletionsNotice />
    </QueryClientProvider>,
  );
}

describe('files waiting to be removed', () => {
  it('counts them, retries on request, and says how many are still left, then that all went', async () => {
    const user = userEvent.setup();
    renderNotice();
    expect(await screen.findByRole('heading', { name: text.heading })).toBeInTheDocument();
    expect(screen.getByText(text.pending(3))).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: text.retry }));
    expect(await screen.findByRole('alert')).toHaveTextContent(text.stillLeft(1));
    expect(await screen.findByText(text.pending(1))).toBeInTheDocument();

    failing = 0;
    await user.click(screen.getByRole('button', { name: text.retry }));
    expect(await screen.findByRole('status')).toHaveTextContent(text.done);
    expect(screen.queryByRole('button', { name: text.retry })).not.toBeInTheDocument();
  });

  it('shows nothing while no file waits', async () => {
    pending = 0;
    renderNotice();
    await vi.waitFor(() => expect(rpc).toHaveBeenCalled());
    expect(screen.queryByRole('heading', { name: text.heading })).not.toBeInTheDocument();
  });
});
