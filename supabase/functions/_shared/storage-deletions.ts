// The storage deletion queue (private.storage_deletions, docs/security.md "Activity log and erasure"): files
// whose rows are gone (a deleted client's private audio, a removed assignment's) or that nothing recorded.
// delete-account empties it at once; reconcile-payments on its schedule and from the admin's "Try again"
// retries what is left. A file is cleared from the queue only once Storage no longer has it.
import type { SupabaseClient } from '@supabase/supabase-js';

interface DueFile {
  id: number;
  bucket_id: string;
  object_name: string;
}

export interface QueueRun {
  removed: number;
  /** Files handed out but not removed this time (they stay queued). */
  failed: number;
}

/** Removes up to `limit` queued files with the service role; never throws. */
export async function removeQueuedFiles(db: SupabaseClient, limit = 100): Promise<QueueRun> {
  const due = await db.rpc('storage_deletions_due', { p_limit: limit });
  if (due.error) {
    console.warn('storage deletions: the queue could not be read:', due.error.code);
    return { removed: 0, failed: 0 };
  }
  const byBucket = new Map<string, DueFile[]>();
  for (const file of (due.data ?? []) as DueFile[]) {
    byBucket.set(file.bucket_id, [...(byBucket.get(file.bucket_id) ?? []), file]);
  }
  const attempted: number[] = [];
  let failed = 0;
  for (const [bucket, files] of byBucket) {
    const removed = await db.storage.from(bucket).remove(files.map((file) => file.object_name));
    if (removed.error) {
      // Counts only: the names are random, but nothing about a client belongs in logs.
      console.warn(`storage deletions: ${files.length} file(s) not removed this time`);
      failed += files.length;
    } else {
      attempted.push(...files.map((file) => file.id));
    }
  }
  if (attempted.length === 0) return { removed: 0, failed };
  const done = await db.rpc('storage_deletions_done', { p_ids: attempted });
  if (done.error) {
    console.warn('storage deletions: the queue could not be cleared:', done.error.code);
    return { removed: 0, failed };
  }
  const removed = Number(done.data ?? 0);
  return { removed, failed: failed + attempted.length - removed };
}
