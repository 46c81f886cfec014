import { reauthText } from '@/content/admin';
import { getSupabase } from '@/lib/supabase';
import { withReauthentication } from './reauth';

// What every admin request shares, the dashboard's and the programmes' alike (docs/architecture.md "Data on the
// page"): admin-checked RPCs (security definer, is_admin() inside) and edge functions, their errors as
// AdminApiError. Aggregates, filters and paging happen in SQL; the page only shows what comes back. An action
// refused for an old sign-in asks for the password and runs again (./reauth.ts, docs/security.md).

export class AdminApiError extends Error {
  constructor(
    message: string,
    readonly code?: string,
  ) {
    super(message);
    this.name = 'AdminApiError';
  }
}

interface PostgrestLikeError {
  message: string;
  code?: string;
}

export function fail(error: PostgrestLikeError): never {
  throw new AdminApiError(error.message, error.code);
}

/** Runs an admin request; one refused for an old sign-in asks for the password, then runs once more. */
export function reauthenticating<T>(run: () => Promise<T>): Promise<T> {
  return withReauthentication(run, () => new AdminApiError(reauthText.cancelled));
}

/** Calls an admin function (each checks is_admin() itself) and answers its result, or throws its error. */
export async function callRpc<T>(name: string, args?: Record<string, unknown>): Promise<T> {
  return reauthenticating(async () => {
    const client = await getSupabase();
    const { data, error } = await (args ? client.rpc(name, args) : client.rpc(name));
    if (error) fail(error);
    return data as T;
  });
}

/** Calls an edge function with a body; a failure throws the function's own message when it sent one. */
export async function invokeFunction<T>(name: string, body: Record<string, unknown>): Promise<T> {
  return reauthenticating(async () => {
    const client = await getSupabase();
    const { data, error } = await client.functions.invoke<T>(name, { body });
    if (error) await functionFailure(error);
    return data as T;
  });
}

/** Throws an AdminApiError with the function's own message when it sent one. */
async function functionFailure(error: Error): Promise<never> {
  let message = error.message;
  const context = (error as { context?: unknown }).context;
  if (context instanceof Response) {
    try {
      const body = (await context.json()) as { error?: string; message?: string };
      message = body.error ?? body.message ?? message;
    } catch {
      // not JSON: keep supabase-js's message
    }
  }
  throw new AdminApiError(message);
}
