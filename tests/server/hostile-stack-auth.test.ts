// The local stack's auth, storage and inbox probed as an attacker would: cross-origin reads of the inbox
// (any web page could fetch it), repeated sign-up, long passwords, malformed input, recover timing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalStack } from '../../supabase/local/server.ts';
import {
  confirmedUser,
  inbox,
  latestEmail,
  makeClient,
  openLink,
  signedInClient,
  startTestStack,
  uniqueEmail,
} from '../contract/support/stack.ts';
import { rawRequest } from './support/raw-http.ts';
import { expectJsonError, expectStackAnswers, keyHeaders, median } from './support/stack-probe.ts';

let stack: LocalStack;

beforeAll(async () => {
  stack = await startTestStack();
  // Starting a stack (migrations, seed, bcrypt) is slow on a busy machine.
}, 180_000);

afterAll(async () => {
  await stack?.stop();
});

function auth(
  path: string,
  body: unknown,
  init: { token?: string; method?: string } = {},
): Promise<Response> {
  return fetch(`${stack.url}/auth/v1/${path}`, {
    method: init.method ?? 'POST',
    headers: { ...keyHeaders(stack, init.token), 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

describe('the local inbox cannot be read cross-origin', () => {
  it.each(['/_local/inbox/messages', '/_local/inbox', '/_local/health'])(
    '%s refuses another origin, with no CORS headers',
    async (path) => {
      const response = await fetch(`${stack.url}${path}`, { headers: { origin: 'https://evil.example' } });
      // Refused outright since issue 24 (a text/plain POST needs no CORS to have effects).
      expect(response.status).toBe(403);
      expect(response.headers.get('access-control-allow-origin')).toBeNull();
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      await response.arrayBuffer();
    },
  );

  it('a preflight to the inbox is not granted', async () => {
    const response = await fetch(`${stack.url}/_local/inbox/messages`, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://evil.example',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
    expect(response.headers.get('access-control-allow-methods')).toBeNull();
    await expectJsonError(response, 403);
  });

  it('a page on a rebound host name cannot read it either (Host is checked)', async () => {
    const port = Number(new URL(stack.url).port);
    const response = await rawRequest(
      port,
      `GET /_local/inbox/messages HTTP/1.1\r\nHost: evil.example:${port}\r\nConnection: close\r\n\r\n`,
    );
    expect(response.status).toBe(403);
    expect(JSON.parse(response.body)).toMatchObject({ message: expect.any(String) });
  });

  it('same-machine tools still read it, and the app still gets CORS for auth', async () => {
    expect(Array.isArray(await inbox(stack))).toBe(true);
    const settings = await fetch(`${stack.url}/auth/v1/settings`, {
      headers: { ...keyHeaders(stack), origin: 'http://localhost:4173' },
    });
    expect(settings.headers.get('access-control-allow-origin')).toBe('*');
    await settings.arrayBuffer();
  });
});

describe('a repeated sign-up leaves an unconfirmed account unchanged', () => {
  it('password and metadata stay the first sign-up’s; a confirmation is sent again', async () => {
    const email = uniqueEmail('repeat-signup');
    const first = await makeClient(stack).auth.signUp({
      email,
      password: 'first-password-1',
      options: { data: { full_name: 'Owner' } },
    });
    expect(first.error).toBeNull();
    const second = await makeClient(stack).auth.signUp({
      email,
      password: 'attacker-password-2',
      options: { data: { full_name: 'Attacker' } },
    });
    expect(second.error).toBeNull();
    expect(second.data.user?.id).toBe(first.data.user?.id);
    expect(second.data.user?.user_metadata).toEqual({ full_name: 'Owner' });
    expect((await inbox(stack, email)).filter((m) => m.subject === 'Confirm Your Signup')).toHaveLength(2);

    const { link } = await latestEmail(stack, email, 'Confirm Your Signup');
    await openLink(link);
    const attacker = await makeClient(stack).auth.signInWithPassword({
      email,
      password: 'attacker-password-2',
    });
    expect(attacker.error?.message).toBe('Invalid login credentials');
    const owner = await signedInClient(stack, email, 'first-password-1');
    const { data } = await owner.client.auth.getUser();
    expect(data.user?.user_metadata).toEqual({ full_name: 'Owner' });
    await expectStackAnswers(stack);
  });
});

describe('passwords are limited to 72 bytes, as bcrypt is', () => {
  it.each([
    ['73 ASCII characters', 'a'.repeat(73)],
    ['37 two-byte characters (74 bytes)', 'é'.repeat(37)],
    ['19 four-byte characters (76 bytes)', '🔒'.repeat(19)],
  ])('sign-up with %s: 422', async (_label, password) => {
    const body = await expectJsonError(
      await auth('signup', { email: uniqueEmail('long-pw'), password }),
      422,
    );
    expect(body).toMatchObject({ code: 422, error_code: 'validation_failed' });
    expect(String(body.msg)).toBe('Password cannot be longer than 72 characters');
    await expectStackAnswers(stack);
  });

  it('exactly 72 bytes is accepted', async () => {
    const response = await auth('signup', { email: uniqueEmail('pw-72'), password: 'é'.repeat(36) });
    expect(response.status).toBe(200);
    await response.arrayBuffer();
  });

  it('a password update over 72 bytes: 422, and the old password still works', async () => {
    const user = await confirmedUser(stack, 'long-pw-update');
    const { client } = await signedInClient(stack, user.email, user.password);
    const token = (await client.auth.getSession()).data.session!.access_token;
    const response = await auth('user', { password: 'ü'.repeat(40) }, { token, method: 'PUT' });
    await expectJsonError(response, 422);
    await signedInClient(stack, user.email, user.password);
    await expectStackAnswers(stack);
  });
});

describe('malformed auth and storage input is refused with a clear JSON error', () => {
  const longEmail = `${'a'.repeat(294)}@example.com`;

  it.each([
    ['signup', { email: longEmail, password: 'secret-pass-1' }],
    ['recover', { email: longEmail }],
    ['token?grant_type=password', { email: longEmail, password: 'secret-pass-1' }],
  ])('%s with a 306-character email: 400', async (path, body) => {
    const reply = await expectJsonError(await auth(path, body), 400);
    expect(reply.error_code).toBe(path.startsWith('token') ? 'invalid_credentials' : 'validation_failed');
    await expectStackAnswers(stack);
  });

  it.each([
    ['an email', 'signup', { email: 'nul\u0000@example.com', password: 'secret-pass-1' }],
    ['a password', 'signup', { email: uniqueEmail('nul-pw'), password: 'secret\u0000pass' }],
    [
      'metadata',
      'signup',
      { email: uniqueEmail('nul-data'), password: 'secret-pass-1', data: { n: 'a\u0000' } },
    ],
    [
      'a metadata key',
      'signup',
      { email: uniqueEmail('nul-key'), password: 'secret-pass-1', data: { 'a\u0000': 1 } },
    ],
    ['a recover email', 'recover', { email: 'nul\u0000@example.com' }],
    ['a sign-in email', 'token?grant_type=password', { email: 'nul\u0000@example.com', password: 'x' }],
    ['a refresh token', 'token?grant_type=refresh_token', { refresh_token: 'a\u0000b' }],
    ['a verify token hash', 'verify', { type: 'signup', token_hash: 'a\u0000b' }],
  ])('U+0000 in %s: 400', async (_label, path, body) => {
    const reply = await expectJsonError(await auth(path, body), 400);
    expect(reply.error_code).toBe('validation_failed');
    await expectStackAnswers(stack);
  });

  it('a JSON body nested 100,000 deep: 400', async () => {
    const nested = `{"email":"a@example.com","password":"secret-pass-1","data":${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}}`;
    const reply = await expectJsonError(await auth('signup', nested), 400);
    expect(reply.error_code).toBe('bad_json');
    await expectStackAnswers(stack);
  });

  it('metadata nested deeper than JSON allows here, but within the parse bound: still a clear answer', async () => {
    const nested = `{"email":"${uniqueEmail('deep-data')}","password":"secret-pass-1","data":${'{"a":'.repeat(60)}1${'}'.repeat(60)}}`;
    const response = await auth('signup', nested);
    expect(response.status).toBe(200);
    await response.arrayBuffer();
  });

  describe('storage uploads', () => {
    let token: string;

    beforeAll(async () => {
      const { client } = await signedInClient(stack, 'admin@example.com', 'password123');
      token = (await client.auth.getSession()).data.session!.access_token;
    });

    function upload(contentType: string, body: string): Promise<Response> {
      return fetch(`${stack.url}/storage/v1/object/audio/hostile/upload.mp3`, {
        method: 'POST',
        headers: { ...keyHeaders(stack, token), 'content-type': contentType },
        body,
      });
    }

    it.each([
      ['garbage with a boundary', 'multipart/form-data; boundary=xyz', 'this is not multipart at all'],
      ['no boundary', 'multipart/form-data', '--xyz\r\n\r\nfile\r\n--xyz--'],
      [
        'an unterminated part',
        'multipart/form-data; boundary=xyz',
        '--xyz\r\nContent-Disposition: form-data; name="f"; filename="a.mp3"\r\n\r\nabc',
      ],
      ['an empty body', 'multipart/form-data; boundary=xyz', ''],
    ])('multipart with %s: 400', async (_label, contentType, body) => {
      const reply = await expectJsonError(await upload(contentType, body), 400);
      expect(reply).toMatchObject({ statusCode: '400' });
      await expectStackAnswers(stack);
    });

    it('a JSON body nested 100,000 deep to a storage route: 400', async () => {
      const response = await fetch(`${stack.url}/storage/v1/object/list/audio`, {
        method: 'POST',
        headers: { ...keyHeaders(stack, token), 'content-type': 'application/json' },
        body: `${'['.repeat(100_000)}${']'.repeat(100_000)}`,
      });
      await expectJsonError(response, 400);
      await expectStackAnswers(stack);
    });
  });
});

describe('password recovery takes as long whether or not the account exists', () => {
  it('the medians of both are within 25% of each other', async () => {
    const existing: number[] = [];
    const unknown: number[] = [];
    const time = async (email: string): Promise<number> => {
      const started = performance.now();
      const response = await auth('recover', { email });
      await response.arrayBuffer();
      expect(response.status).toBe(200);
      return performance.now() - started;
    };
    // Warm both paths first, then alternate so that load on the machine hits both alike.
    await time('customer@example.com');
    await time(uniqueEmail('nobody'));
    for (let i = 0; i < 9; i++) {
      existing.push(await time('customer@example.com'));
      unknown.push(await time(uniqueEmail('nobody')));
    }
    const [a, b] = [median(existing), median(unknown)];
    expect(Math.max(a, b) / Math.min(a, b)).toBeLessThan(1.25);
  });
});
