import { createHash, randomBytes } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { PUBLIC_KEY } from './stack-keys';
import { expect as baseExpect, stackUrl } from './fixtures';

// A customer as the site makes one: signed up with a sign-up proof (src/features/auth/signup-proof.ts), the
// emailed token hash verified, and the account claimed with the proof (claim_my_account), so what the practice
// keeps for the address is theirs (docs/security.md "Pre-registered accounts").

const expect = baseExpect.configure({ timeout: 30_000 });

/** Signs up, confirms from the local inbox and claims the account; the confirming session's access token. */
export async function signUpAndClaim(
  request: APIRequestContext,
  email: string,
  password: string,
): Promise<string> {
  const proof = randomBytes(32).toString('base64url');
  const signup = await request.post(`${stackUrl}/auth/v1/signup`, {
    headers: { apikey: PUBLIC_KEY, 'content-type': 'application/json' },
    data: { email, password, data: { signup_proof: createHash('sha256').update(proof).digest('hex') } },
  });
  expect(signup.ok()).toBe(true);
  let tokenHash = '';
  await expect
    .poll(async () => {
      const inbox = await request.get(`${stackUrl}/_local/inbox/messages?to=${encodeURIComponent(email)}`);
      const messages = (await inbox.json()) as { to: string; subject: string; text: string }[];
      const confirmation = messages.find((m) => m.to === email && m.subject === 'Confirm Your Signup');
      tokenHash = /token_hash=([0-9a-f]{64})/.exec(confirmation?.text ?? '')?.[1] ?? '';
      return tokenHash;
    })
    .not.toBe('');
  const verified = await request.post(`${stackUrl}/auth/v1/verify`, {
    headers: { apikey: PUBLIC_KEY, 'content-type': 'application/json' },
    data: { type: 'email', token_hash: tokenHash },
  });
  expect(verified.ok()).toBe(true);
  const accessToken = ((await verified.json()) as { access_token: string }).access_token;
  const claimed = await request.post(`${stackUrl}/rest/v1/rpc/claim_my_account`, {
    headers: { apikey: PUBLIC_KEY, authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
    data: { p_signup_proof: proof },
  });
  expect(await claimed.json()).toBe('owned');
  return accessToken;
}
