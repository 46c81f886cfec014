import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createLocalJWKSet, decodeProtectedHeader, jwtVerify, type JSONWebKeySet } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signJwt, verifyJwt } from '../../supabase/local/auth/jwt.ts';
import { stackKeys, type KeyModel } from '../../supabase/local/keys.ts';
import type { LocalStack } from '../../supabase/local/server.ts';
import { newCustomer, type Customer } from './support/checkout.ts';
import { signedInClient, startTestStack } from './support/stack.ts';

// The key model as hosted Supabase has it (docs/deployment.md "API keys and JWT signing keys";
// supabase/local/README.md "Keys"), in both of the local stack's modes: a project created today (publishable and
// secret keys, ES256 user tokens, a JWKS) and an older project's legacy keys (anon and service-role JWTs, HS256).

const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const SERVER = 'node';
const SIGN_IN = { error: 'Please sign in to continue.' };
const ADMIN_ONLY = { error: 'Admin privileges required.' };

/** Every function, and what it answers a caller it does not accept (no one; a customer where admins only). */
const USER_FUNCTIONS = ['audio-url', 'create-checkout', 'delete-account', 'verify-payment'] as const;
const ADMIN_FUNCTIONS = [
  'notify-assignment',
  'refund-order',
  'reconcile-payments',
  'request-site-rebuild',
] as const;

describe.each<KeyModel>(['new', 'legacy'])('API keys, %s key model', (model) => {
  let stack: LocalStack;
  let customer: Customer;

  beforeAll(async () => {
    stack = await startTestStack({ keys: model });
    customer = await newCustomer(stack, `keys-${model}`);
  });
  afterAll(async () => {
    await stack.stop();
  });

  const catalogueRead = (apikey: string, userAgent = SERVER, bearer?: string) =>
    fetch(`${stack.url}/rest/v1/products?select=id,title&published=eq.true`, {
      headers: {
        apikey,
        'user-agent': userAgent,
        ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
      },
    });

  const callFunction = (name: string, headers: Record<string, string>) =>
    fetch(`${stack.url}/functions/v1/${name}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: '{}',
    });

  it('has the keys of its model', () => {
    if (model === 'new') {
      expect(stack.keys.publishableKey).toMatch(/^sb_publishable_/);
      expect(stack.keys.secretKey).toMatch(/^sb_secret_/);
    } else {
      expect(decodeProtectedHeader(stack.keys.publishableKey).alg).toBe('HS256');
      expect(decodeProtectedHeader(stack.keys.secretKey).alg).toBe('HS256');
    }
  });

  it('the publishable key alone reads the catalogue, from a browser too', async () => {
    for (const userAgent of [BROWSER, SERVER]) {
      const response = await catalogueRead(stack.keys.publishableKey, userAgent);
      expect(response.status).toBe(200);
      expect(((await response.json()) as unknown[]).length).toBeGreaterThan(0);
    }
    // The same key in Authorization too (what supabase-js sends signed out) is the same caller.
    expect((await catalogueRead(stack.keys.publishableKey, BROWSER, stack.keys.publishableKey)).status).toBe(
      200,
    );
  });

  it("no key, or a key that is not the project's, is refused with the gateway's message", async () => {
    const none = await fetch(`${stack.url}/rest/v1/products?select=id`);
    expect(none.status).toBe(401);
    expect(await none.json()).toEqual({ message: 'No API key found in request' });
    const wrong = await catalogueRead(model === 'new' ? 'sb_publishable_not_this_project' : 'eyJ.not.ours');
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({ message: 'Invalid API key' });
  });

  it(`a user's token is ${model === 'new' ? 'ES256 and verifies against the JWKS' : 'HS256 and the JWKS is empty'}`, async () => {
    const response = await fetch(`${stack.url}/auth/v1/.well-known/jwks.json`);
    expect(response.status).toBe(200);
    const jwks = (await response.json()) as JSONWebKeySet;
    const header = decodeProtectedHeader(customer.token);
    if (model === 'new') {
      expect(header.alg).toBe('ES256');
      expect(jwks.keys.map((key) => key.kid)).toEqual([header.kid]);
      expect(jwks.keys[0]).not.toHaveProperty('d');
      const { payload } = await jwtVerify(customer.token, createLocalJWKSet(jwks));
      expect(payload).toMatchObject({ sub: customer.userId, role: 'authenticated' });
      // supabase-js verifies it locally the same way.
      const claims = await customer.client.auth.getClaims();
      expect(claims.data?.claims.sub).toBe(customer.userId);
    } else {
      expect(header.alg).toBe('HS256');
      expect(jwks.keys).toEqual([]);
    }
  });

  it(`the secret key works from a server; from a browser ${model === 'new' ? 'it gets 401' : 'the legacy key is not checked'}`, async () => {
    const server = await fetch(`${stack.url}/rest/v1/orders?select=id&limit=1`, {
      headers: { apikey: stack.keys.secretKey, 'user-agent': SERVER },
    });
    expect(server.status).toBe(200);
    const browser = await catalogueRead(stack.keys.secretKey, BROWSER);
    if (model === 'new') {
      expect(browser.status).toBe(401);
      expect(await browser.json()).toEqual({ message: 'Forbidden use of secret API key in browser' });
      const auth = await fetch(`${stack.url}/auth/v1/settings`, {
        headers: { apikey: stack.keys.secretKey, 'user-agent': BROWSER },
      });
      expect(auth.status).toBe(401);
    } else {
      expect(browser.status).toBe(200);
    }
  });

  it('a user token rides with the publishable key; a different key in Authorization is refused', async () => {
    const mine = await catalogueRead(stack.keys.publishableKey, BROWSER, customer.token);
    expect(mine.status).toBe(200);
    if (model === 'new') {
      const mixed = await catalogueRead(stack.keys.publishableKey, SERVER, stack.keys.secretKey);
      expect(mixed.status).toBe(401);
    }
  });

  it.each(USER_FUNCTIONS)('%s refuses a missing or wrong caller with its own message', async (name) => {
    const missing = await callFunction(name, { apikey: stack.keys.publishableKey });
    expect([missing.status, await missing.json()]).toEqual([401, SIGN_IN]);
    const key = await callFunction(name, {
      apikey: stack.keys.publishableKey,
      authorization: `Bearer ${stack.keys.publishableKey}`,
    });
    expect([key.status, await key.json()]).toEqual([401, SIGN_IN]);
    const [head = '', body = ''] = customer.token.split('.');
    const forged = await callFunction(name, {
      apikey: stack.keys.publishableKey,
      authorization: `Bearer ${head}.${body}.${'A'.repeat(86)}`,
    });
    expect([forged.status, await forged.json()]).toEqual([401, SIGN_IN]);
  });

  it.each(ADMIN_FUNCTIONS)('%s refuses no caller (401) and a customer (403)', async (name) => {
    const missing = await callFunction(name, { apikey: stack.keys.publishableKey });
    expect([missing.status, await missing.json()]).toEqual([401, SIGN_IN]);
    const body =
      name === 'refund-order' ? { orderId: crypto.randomUUID() } : { assignmentId: crypto.randomUUID() };
    const asCustomer = await fetch(`${stack.url}/functions/v1/${name}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        apikey: stack.keys.publishableKey,
        authorization: `Bearer ${customer.token}`,
      },
      body: JSON.stringify(body),
    });
    expect([asCustomer.status, await asCustomer.json()]).toEqual([403, ADMIN_ONLY]);
  });

  it('reconcile-payments: the scheduler is a secret key in apikey; a wrong or publishable key is no one', async () => {
    for (const apikey of [stack.keys.publishableKey, `${stack.keys.secretKey}x`, 'sb_secret_wrong']) {
      const refused = await callFunction('reconcile-payments', { apikey });
      expect([refused.status, await refused.json()]).toEqual([401, SIGN_IN]);
    }
    const scheduler = await callFunction('reconcile-payments', { apikey: stack.keys.secretKey });
    expect(scheduler.status).toBe(200);
  });

  it('an admin signed in with the publishable key passes the admin check', async () => {
    const { client } = await signedInClient(stack, 'admin@example.com', 'password123');
    const { data, error } = await client.functions.invoke<Record<string, number>>('reconcile-payments', {
      body: {},
    });
    expect(error).toBeNull();
    expect(data).toHaveProperty('checked');
  });

  it('the webhooks refuse an unsigned delivery with their own message', async () => {
    const stripe = await callFunction('stripe-webhook', {});
    expect([stripe.status, await stripe.json()]).toEqual([
      400,
      { error: 'Missing Stripe-Signature header.' },
    ]);
    const scheduler = await callFunction('scheduler-webhook', {});
    expect([scheduler.status, await scheduler.json()]).toEqual([400, { error: 'Invalid signature.' }]);
  });
});

describe("the signing key is kept with the stack's data", () => {
  it('generated once in the data folder (owner-only): a restart signs and verifies with the same key', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'stack-keys-'));
    try {
      const first = await stackKeys('new', dataDir);
      const token = await signJwt({ role: 'authenticated', sub: 'someone' }, first);
      const again = await stackKeys('new', dataDir);
      expect(again.signingKey?.kid).toBe(first.signingKey?.kid);
      expect(again.jwks).toEqual(first.jwks);
      expect((await verifyJwt(token, again)).ok).toBe(true);
      expect((await stat(path.join(dataDir, 'jwt-signing-key.json'))).mode & 0o077).toBe(0);
      // Another data folder (or an in-memory stack) has a key of its own, which does not verify this token.
      const other = await stackKeys('new', null);
      expect(other.signingKey?.kid).not.toBe(first.signingKey?.kid);
      expect((await verifyJwt(token, other)).ok).toBe(false);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
