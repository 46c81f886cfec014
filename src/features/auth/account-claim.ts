// Making a confirmed account its owner's (docs/security.md "Pre-registered accounts"), with a link's session
// that this browser has not adopted: nothing is signed in until the visitor has acted on a screen naming the
// account (docs/auth-links.md).
import { supabaseEnv } from '@/config/supabase-env';

export type ClaimOutcome = 'owned' | 'password_needed';

function headers(accessToken: string): Record<string, string> {
  return {
    apikey: supabaseEnv.supabaseKey,
    authorization: `Bearer ${accessToken}`,
    'content-type': 'application/json',
  };
}

/** An auth or API refusal as the forms' messages read it (code, status, message: error-message.ts). */
class ServiceRefusal extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string | undefined,
    readonly reasons: unknown,
  ) {
    super(message);
  }
}

async function refusal(response: Response): Promise<ServiceRefusal> {
  const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  const message = [body.msg, body.message, body.error_description].find((v) => typeof v === 'string');
  const code = [body.error_code, body.code].find((v) => typeof v === 'string') as string | undefined;
  const weak = body.weak_password as { reasons?: unknown } | undefined;
  return new ServiceRefusal((message as string | undefined) ?? '', response.status, code, weak?.reasons);
}

/** Asks the database to make the account the caller's and link what was kept for its address. */
export async function claimAccount(accessToken: string, signupProof: string | null): Promise<ClaimOutcome> {
  const response = await fetch(`${supabaseEnv.supabaseUrl}/rest/v1/rpc/claim_my_account`, {
    method: 'POST',
    headers: headers(accessToken),
    body: JSON.stringify({ p_signup_proof: signupProof }),
  });
  if (!response.ok) throw await refusal(response);
  const outcome = (await response.json()) as unknown;
  if (outcome === 'owned' || outcome === 'password_needed') return outcome;
  throw new Error('unexpected claim answer');
}

/** Sets the password with the link's session (`PUT /user`, what `updateUser({ password })` sends). */
export async function setPasswordWithLink(accessToken: string, password: string): Promise<void> {
  const response = await fetch(`${supabaseEnv.supabaseUrl}/auth/v1/user`, {
    method: 'PUT',
    headers: headers(accessToken),
    body: JSON.stringify({ password }),
  });
  if (!response.ok) throw await refusal(response);
}
