import { queryOptions } from '@tanstack/react-query';
import { getSupabase } from '@/lib/supabase';
import { queryKeyRoots } from '@/lib/query-client';

// The client's reminder switch (public.client_settings.step_reminders, their own row under RLS;
// docs/intake-and-reminders.md "Programme step reminders").

export const stepRemindersQuery = (userId: string) =>
  queryOptions({
    queryKey: [...queryKeyRoots.account, 'step-reminders', userId],
    queryFn: async (): Promise<boolean> => {
      const client = await getSupabase();
      const { data, error } = await client
        .from('client_settings')
        .select('step_reminders')
        .eq('user_id', userId)
        .maybeSingle();
      if (error) throw error;
      return (data as { step_reminders: boolean } | null)?.step_reminders ?? false;
    },
  });

export async function saveStepReminders(userId: string, on: boolean): Promise<void> {
  const client = await getSupabase();
  const { error } = await client.from('client_settings').upsert({ user_id: userId, step_reminders: on });
  if (error) throw error;
}
