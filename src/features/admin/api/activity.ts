import { queryOptions } from '@tanstack/react-query';
import { getSupabase } from '@/lib/supabase';
import { fail } from '@/lib/admin-api/client';
import { page, PAGE_SIZE, type PageOf } from '@/lib/paging';
import { adminKeys } from '@/lib/admin-api/keys';

// The activity tab: the log of every admin write, newest first, by entity.

export interface ActivityRow {
  id: number;
  created_at: string;
  actor_email: string | null;
  action: string;
  entity_type: string;
  summary: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

export const activityQuery = (entity: string, pageIndex: number) =>
  queryOptions({
    queryKey: adminKeys.activity(entity, pageIndex),
    queryFn: async (): Promise<PageOf<ActivityRow>> => {
      const client = await getSupabase();
      let query = client
        .from('admin_activity')
        .select('id, created_at, actor_email, action, entity_type, summary, before, after');
      if (entity) query = query.eq('entity_type', entity);
      const { data, error } = await query
        .order('created_at', { ascending: false })
        .order('id', { ascending: false })
        .range(pageIndex * PAGE_SIZE, pageIndex * PAGE_SIZE + PAGE_SIZE);
      if (error) fail(error);
      return page(data as ActivityRow[]);
    },
  });
