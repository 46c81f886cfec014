// The local stack's own endpoints probed as issue 24 did: the Stripe stand-in's keys and event list, requests
// other origins' pages can send to /_local, uploads read before permission, and the auth rate limits.
import { get } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorMessage } from '../../src/features/auth/error-message.ts';
import type { LocalStack } from '../../supabase/local/server.ts';
import { LOCAL_STRIPE_SECRET_KEY } from '../../supabase/local/stripe/settings.ts';
import { makeClient, startTestStack, uniqueEmail } from '../contract/support/stack.ts';

let stack: LocalStack;
let port = 0;
beforeAll(async () => {
  stack = await startTestStack();
  port = Number(new URL(stack.url).port);
}, 180_000);
afterAll(async () => {
  await stack?.stop();
});

const stripe = (path: string, init: RequestInit = {}) => fetch(`${stack.url}/_local/stripe${path}`, init);

describe('the Stripe stand-in', () => {
  it('accepts only the configured secret key, not any sk_test_ key', async () => {
    const list = (key: string) =>
      stripe('/v1/checkout/sessions/cs_test_none', { headers: { authorization: `Bearer ${key}` } });
    const other = await list('sk_test_any_other_process');
    expect(other.status).toBe(401);
    expect(((await other.json()) as { error: { code: string } }).error.code).toBe('api_key_invalid');
    expect((await list(LOCAL_STRIPE_SECRET_KEY)).status).toBe(404); // a real answer: no such session
  });

  it("keeps its event list (customers' emails) and resends to the secret key", async () => {
    expect((await stripe('/events')).status).toBe(401);
    expect((await stripe('/events/evt_123/resend', { method: 'POST' })).status).toBe(401);
    const listed = await stripe('/events', {
      headers: { authorization: `Bearer ${LOCAL_STRIPE_SECRET_KEY}` },
    });
    expect(listed.status).toBe(200);
  });
});

describe('/_local refuses what another origin’s page sends', () => {
  const settings = () =>
    stripe('/settings').then(async (response) => (await response.json()) as { webhooks: string });

  it('a cross-origin text/plain POST cannot switch webhooks off', async () => {
    const before = await settings();
    const forged = await stripe('/settings', {
      method: 'POST',
      headers: {
        'content-type': 'text/plain',
        origin: 'https://evil.example',
        'sec-fetch-site': 'cross-site',
      },
      body: JSON.stringify({ webhooks: 'off' }),
    });
    expect(forged.status).toBe(403);
    // A browser that sends only Sec-Fetch-Site (or an Origin of another local port) is refused too.
    const siteOnly = await stripe('/settings', {
      method: 'POST',
      headers: { 'content-type': 'text/plain', 'sec-fetch-site': 'same-site', 'sec-fetch-mode': 'no-cors' },
      body: JSON.stringify({ webhooks: 'off' }),
    });
    expect(siteOnly.status).toBe(403);
    const otherPort = await stripe('/settings', {
      method: 'PUT',
      headers: { 'content-type': 'application/json', origin: 'http://localhost:4173' },
      body: JSON.stringify({ webhooks: 'off' }),
    });
    expect(otherPort.status).toBe(403);
    // A page with no-referrer sends Origin: null; only Sec-Fetch-Site then tells where it came from.
    const hidden = await stripe('/settings', {
      method: 'POST',
      headers: { 'content-type': 'text/plain', origin: 'null', 'sec-fetch-site': 'cross-site' },
      body: JSON.stringify({ webhooks: 'off' }),
    });
    expect(hidden.status).toBe(403);
    expect(await settings()).toEqual(before);
    // The stand-in's own payment page (no-referrer) posts its form with Origin: null from the same origin.
    const own = await stripe('/checkout/cs_test_none', {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'null',
        'sec-fetch-site': 'same-origin',
      },
      body: 'action=pay',
    });
    expect(own.status).not.toBe(403);
  });

  it('the inbox cannot be read by a cross-origin fetch; a same-origin tool and a navigation can', async () => {
    const headers = {
      origin: 'https://evil.example',
      'sec-fetch-site': 'cross-site',
      'sec-fetch-mode': 'cors',
    };
    expect((await fetch(`${stack.url}/_local/inbox/messages`, { headers })).status).toBe(403);
    // fetch() marks every request as sec-fetch-mode cors; a browser's navigation is sent as it would be.
    const navigation = {
      'sec-fetch-site': 'cross-site',
      'sec-fetch-mode': 'navigate',
      'sec-fetch-dest': 'document',
    };
    expect(await plainGet('/_local/inbox', navigation)).toBe(200);
    const sameOrigin = { origin: new URL(stack.url).origin, 'sec-fetch-site': 'same-origin' };
    expect((await fetch(`${stack.url}/_local/inbox/messages`, { headers: sameOrigin })).status).toBe(200);
    expect((await fetch(`${stack.url}/_local/inbox/messages`)).status).toBe(200); // curl, scripts
  });
});

/** A GET with exactly these headers (no fetch() defaults); resolves with the status. */
function plainGet(path: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = get({ host: '127.0.0.1', port, path, headers }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.on('error', reject);
  });
}

/** Sends only the head of a large upload and a few bytes, and resolves with the status line once one comes. */
function statusBeforeBody(path: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    socket.setTimeout(5_000, () => socket.destroy(new Error('no answer before the body was sent')));
    let text = '';
    socket.on('data', (chunk: Buffer) => {
      text += chunk.toString('latin1');
      const status = /^HTTP\/1\.1 (\d{3})/.exec(text)?.[1];
      if (status) {
        socket.destroy();
        resolve(Number(status));
      }
    });
    socket.on('error', reject);
    const head = Object.entries({
      host: `127.0.0.1:${port}`,
      'content-length': String(50 * 1024 * 1024),
      ...headers,
    })
      .map(([name, value]) => `${name}: ${value}`)
      .join('\r\n');
    socket.write(`POST ${path} HTTP/1.1\r\n${head}\r\n\r\n`);
    socket.write(Buffer.alloc(1024));
  });
}

describe('storage checks permission before reading an upload', () => {
  it('an anonymous 50 MiB upload is refused before its body is sent', async () => {
    const status = await statusBeforeBody('/storage/v1/object/audio/previews/flood.mp3', {
      apikey: stack.anonKey,
      authorization: `Bearer ${stack.anonKey}`,
      'content-type': 'audio/mpeg',
    });
    expect(status).toBe(400); // Storage's answer to an RLS refusal
    const stored = await stack.db.query(`select 1 from storage.objects where name = 'previews/flood.mp3'`);
    expect(stored.rows).toEqual([]);
  });
});

describe('auth rate limits like hosted Supabase’s defaults', () => {
  let limited: LocalStack;
  beforeAll(async () => {
    limited = await startTestStack({ authRateLimits: { signInSignUps: 3, tokenVerifications: 3 } });
  }, 180_000);
  afterAll(async () => {
    await limited?.stop();
  });

  it('sign-ins, sign-ups and recovery share a limit per IP; over it: 429 over_request_rate_limit', async () => {
    const client = makeClient(limited);
    for (let attempt = 0; attempt < 2; attempt += 1) {
      await client.auth.signInWithPassword({ email: 'customer@example.com', password: 'wrong-password' });
    }
    expect((await client.auth.resetPasswordForEmail(uniqueEmail('limited'))).error).toBeNull();
    const over = await client.auth.signInWithPassword({
      email: 'customer@example.com',
      password: 'password123',
    });
    expect(over.error?.status).toBe(429);
    expect(over.error?.code).toBe('over_request_rate_limit');
    expect(errorMessage(over.error, 'fallback')).toBe(
      'Too many attempts from this device. Please wait a few minutes, then try again.',
    );
    expect(
      (await client.auth.signUp({ email: uniqueEmail('limited'), password: 'Tidal-Oak-19' })).error?.status,
    ).toBe(429);
  });

  it('token verifications have their own limit', async () => {
    const client = makeClient(limited);
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const spent = await client.auth.verifyOtp({ token_hash: 'f'.repeat(64), type: 'email' });
      expect(spent.error?.status).toBe(403);
    }
    const over = await client.auth.verifyOtp({ token_hash: 'f'.repeat(64), type: 'email' });
    expect(over.error?.status).toBe(429);
  });
});
