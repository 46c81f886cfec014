import { FunctionsHttpError } from '@supabase/supabase-js';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../supabase/local/db/db.ts';
import type { LocalStack } from '../../supabase/local/server.ts';
import { SITE_URL, makeClient, signToken, signedInClient, startTestStack } from './support/stack.ts';

const functionsDir = fileURLToPath(new URL('./fixtures/functions', import.meta.url));
const customer = DEMO_ACCOUNTS.find((account) => account.role === 'customer')!;

type Echo = {
  method: string;
  path: string;
  search: string;
  body: unknown;
  authorization: string | null;
  env: Record<string, unknown>;
  product: { slug: string; title: string } | null;
};

describe('/functions/v1: deployed function modules behind the gateway', () => {
  let stack: LocalStack;
  const invokeRaw = (name: string, init: RequestInit = {}) =>
    fetch(`${stack.url}/functions/v1/${name}`, init);

  beforeAll(async () => {
    stack = await startTestStack({
      functionsDir,
      functionEnv: { FIXTURE_VALUE: 'from-the-stack' },
      functions: { 'open-echo': { verifyJwt: false } },
    });
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('runs the module: the body, the environment, and a call back into the stack with the service role', async () => {
    const { data, error } = await makeClient(stack).functions.invoke<Echo>('echo?x=1', {
      body: { slug: 'cravings-be-gone' },
    });
    expect(error).toBeNull();
    expect(data).toMatchObject({
      method: 'POST',
      path: '/echo',
      search: '?x=1',
      body: { slug: 'cravings-be-gone' },
      authorization: `Bearer ${stack.anonKey}`,
      env: {
        SUPABASE_URL: stack.url,
        SITE_URL,
        // As hosted sets them: a project created today has no legacy keys; the legacy mode has only those.
        keyVariables:
          stack.keys.model === 'new'
            ? [
                'SUPABASE_JWKS',
                'SUPABASE_PUBLISHABLE_KEY',
                'SUPABASE_PUBLISHABLE_KEYS',
                'SUPABASE_SECRET_KEY',
                'SUPABASE_SECRET_KEYS',
              ]
            : ['SUPABASE_ANON_KEY', 'SUPABASE_SERVICE_ROLE_KEY'],
        FIXTURE_VALUE: 'from-the-stack',
      },
      product: { slug: 'cravings-be-gone', title: 'Cravings Be Gone' },
    });
  });

  it("forwards the signed-in user's token", async () => {
    const { client } = await signedInClient(stack, customer.email, customer.password);
    const token = (await client.auth.getSession()).data.session?.access_token;
    const { data } = await client.functions.invoke<Echo>('echo', { body: {} });
    expect(data?.authorization).toBe(`Bearer ${token}`);
  });

  it('a non-2xx answer reaches the client as FunctionsHttpError with the Response as context', async () => {
    const { error } = await makeClient(stack).functions.invoke('echo', { body: { fail: true } });
    expect(error).toBeInstanceOf(FunctionsHttpError);
    const response = (error as FunctionsHttpError).context as Response;
    expect(response.status).toBe(418);
    expect(await response.json()).toEqual({ error: 'asked to fail' });
  });

  it('gateway JWT check: missing → 401 Missing authorization header, bad → 401 Invalid JWT', async () => {
    const missing = await invokeRaw('echo', { method: 'POST', body: '{}' });
    expect(missing.status).toBe(401);
    expect(await missing.json()).toEqual({ code: 401, message: 'Missing authorization header' });
    const foreign = await signToken(
      { role: 'service_role', exp: Math.floor(Date.now() / 1000) + 60 },
      'a-different-secret-a-different-secret',
    );
    const invalid = await invokeRaw('echo', {
      method: 'POST',
      headers: { authorization: `Bearer ${foreign}` },
      body: '{}',
    });
    expect(invalid.status).toBe(401);
    expect(await invalid.json()).toEqual({ code: 401, message: 'Invalid JWT' });
    const expired = await signToken(
      { role: 'anon', exp: Math.floor(Date.now() / 1000) - 60 },
      stack.jwtSecret,
    );
    expect(
      (
        await invokeRaw('echo', {
          method: 'POST',
          headers: { authorization: `Bearer ${expired}` },
          body: '{}',
        })
      ).status,
    ).toBe(401);
  });

  it('verify_jwt = false lets unauthenticated callers (webhooks) through with the raw body', async () => {
    const response = await invokeRaw('open-echo', {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: 'raw payload',
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-fixture')).toBe('open-echo');
    expect(await response.json()).toEqual({ received: 'raw payload', authorization: null });
  });

  it('the function answers OPTIONS itself', async () => {
    const response = await invokeRaw('echo', {
      method: 'OPTIONS',
      headers: { origin: SITE_URL, 'access-control-request-method': 'POST' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(await response.text()).toBe('ok');
  });

  it('unknown functions and shared folders are not found; oversized bodies are refused', async () => {
    const headers = { authorization: `Bearer ${stack.anonKey}` };
    expect((await invokeRaw('no-such-function', { method: 'POST', headers })).status).toBe(404);
    expect((await invokeRaw('_shared', { method: 'POST', headers })).status).toBe(404);
    expect((await invokeRaw('..%2Fecho', { method: 'POST', headers })).status).toBe(404);
    const huge = await invokeRaw('echo', { method: 'POST', headers, body: 'x'.repeat(1_100_000) });
    expect(huge.status).toBe(413);
  });
});
