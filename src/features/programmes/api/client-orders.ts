import { queryOptions } from '@tanstack/react-query';
import { getSupabase } from '@/lib/supabase';
import { programmeKeys } from './keys';
import { ProgrammesApiError } from './request';

// A client's orders in their record (docs/programmes.md "Screens"): admins read every order under RLS.

export interface ClientOrder {
  id: string;
  created_at: string;
  status: string;
  amount_pence: number;
}

/** A client's orders, newest first. */
export const clientOrdersQuery = (userId: string) =>
  queryOptions({
    queryKey: programmeKeys.orders(userId),
    queryFn: async (): Promise<ClientOrder[]> => {
      const client = await getSupabase();
      const { data, error } = await client
        .from('orders')
        .select('id, created_at, status, amount_pence')
        .eq('user_id', userId)
        .order('created_at', { ascending: false });
      if (error) throw new ProgrammesApiError(error.message);
      return data as ClientOrder[];
    },
  });
