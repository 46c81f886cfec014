import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadStackConfig } from '../../supabase/local/config-toml.ts';
import { takeEmailSlot } from '../../supabase/local/auth/email-frequency.ts';
import type { StackContext } from '../../supabase/local/stack-context.ts';
import type { LocalStack } from '../../supabase/local/server.ts';
import { confirmedUser, inbox, makeClient, startTestStack, uniqueEmail } from './support/stack.ts';

// One auth email per address per 60 s (config.toml [auth.email] max_frequency; docs/security.md "Email
// flooding"): a second request within the minute is refused as hosted GoTrue refuses it (429
// over_email_send_rate_limit) and nothing more reaches the inbox; the answer is the same whether or not the
// address has an account.

const WAIT_MESSAGE = /^For security purposes, you can only request this after \d+ seconds\.$/;

let stack: LocalStack;
beforeAll(async () => {
  // The per-IP limits raised as for every suite; the email frequency is config.toml's own.
  stack = await startTestStack({
    authRateLimits: { signInSignUps: 1_000_000, tokenVerifications: 1_000_000 },
  });
}, 180_000);
afterAll(async () => {
  await stack?.stop();
});

/** POST /auth/v1/recover as supabase-js sends it; the status and the parsed body. */
async function recover(email: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${stack.url}/auth/v1/recover`, {
    method: 'POST',
    headers: { apikey: stack.anonKey, 'content-type': 'application/json' },
    body: JSON.stringify({ email }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('one auth email per address per minute', () => {
  it('config.toml sets 60 s, and the stack takes it from there', () => {
    const config = loadStackConfig(new URL('../../supabase/config.toml', import.meta.url).pathname);
    expect(config.rateLimits.emailMaxFrequencySeconds).toBe(60);
  });

  it('a second reset within the minute: 429 over_email_send_rate_limit, and one email in the inbox', async () => {
    const { email } = await confirmedUser(stack, 'frequency-reset');
    expect(await recover(email)).toEqual({ status: 200, body: {} });
    const second = await recover(email);
    expect(second.status).toBe(429);
    expect(second.body).toMatchObject({ code: 429, error_code: 'over_email_send_rate_limit' });
    expect(second.body.msg).toMatch(WAIT_MESSAGE);
    // Upper case or spaces make it no other address.
    expect((await recover(` ${email.toUpperCase()} `)).status).toBe(429);
    const resets = (await inbox(stack, email)).filter((message) => message.subject === 'Reset Your Password');
    expect(resets).toHaveLength(1);
  });

  it('the same answers for an address with no account (no account enumeration)', async () => {
    const nobody = uniqueEmail('frequency-nobody');
    expect(await recover(nobody)).toEqual({ status: 200, body: {} });
    const second = await recover(nobody);
    expect(second.status).toBe(429);
    expect(second.body).toMatchObject({ code: 429, error_code: 'over_email_send_rate_limit' });
    expect(second.body.msg).toMatch(WAIT_MESSAGE);
    expect(await inbox(stack, nobody)).toEqual([]);
  });

  it('a second sign-up within the minute sends no second confirmation; supabase-js sees the 429', async () => {
    const client = makeClient(stack);
    const email = uniqueEmail('frequency-signup');
    expect((await client.auth.signUp({ email, password: 'Tidal-Oak-19' })).error).toBeNull();
    const again = await client.auth.signUp({ email, password: 'Tidal-Oak-19' });
    expect(again.error?.status).toBe(429);
    expect(again.error?.code).toBe('over_email_send_rate_limit');
    expect(await inbox(stack, email)).toHaveLength(1);
  });

  it('a confirmation and a reset are counted apart, as GoTrue does', async () => {
    const client = makeClient(stack);
    const email = uniqueEmail('frequency-kinds');
    expect((await client.auth.signUp({ email, password: 'Tidal-Oak-19' })).error).toBeNull();
    expect((await recover(email)).status).toBe(200);
  });
});

describe('the interval', () => {
  const withFrequency = (seconds: number) =>
    ({ config: { rateLimits: { emailMaxFrequencySeconds: seconds } } }) as unknown as StackContext;

  it('allows the next email once the interval has passed, and says how long to wait until then', () => {
    const context = withFrequency(60);
    expect(takeEmailSlot(context, 'recovery', 'a@example.com', 1_000_000)).toBe(0);
    expect(takeEmailSlot(context, 'recovery', 'a@example.com', 1_000_000 + 1_500)).toBe(59);
    expect(takeEmailSlot(context, 'recovery', 'a@example.com', 1_000_000 + 59_999)).toBe(1);
    expect(takeEmailSlot(context, 'recovery', 'a@example.com', 1_000_000 + 60_000)).toBe(0);
    expect(takeEmailSlot(context, 'recovery', 'b@example.com', 1_000_000 + 60_001)).toBe(0);
  });

  it('0 s (a test suite’s override) counts nothing', () => {
    const context = withFrequency(0);
    expect(takeEmailSlot(context, 'recovery', 'a@example.com', 1)).toBe(0);
    expect(takeEmailSlot(context, 'recovery', 'a@example.com', 2)).toBe(0);
  });
});
