// The static server (`npm start`'s site server) probed as an attacker would: path tricks, encodings,
// malformed and oversized requests. Every answer carries the security headers, nothing outside dist/ or
// behind the dotfile/underscore guard is served, and the server still answers normally afterwards.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStaticServer } from '../../scripts/static-server.ts';
import { rawRequest, type RawResponse } from './support/raw-http.ts';
import { budget } from './support/stack-probe.ts';

const SECRET = 'sibling-secret-must-not-leak';
const DOTFILE = 'dotfile-secret-must-not-leak';
let parent: string;
let server: Server;
let port: number;

beforeAll(async () => {
  parent = await mkdtemp(path.join(tmpdir(), 'hostile-static-'));
  const dist = path.join(parent, 'dist');
  await mkdir(path.join(dist, 'assets'), { recursive: true });
  await mkdir(path.join(parent, 'dist-old'), { recursive: true });
  await writeFile(
    path.join(dist, '.build-info.json'),
    JSON.stringify({ supabaseUrl: 'http://127.0.0.1:54321', inlineScriptHashes: [], note: DOTFILE }),
  );
  await writeFile(path.join(dist, 'index.html'), '<!doctype html><title>Home</title><p>home page</p>');
  await writeFile(path.join(dist, '404.html'), '<!doctype html><title>Not found</title><p>not found</p>');
  await writeFile(path.join(dist, '_shell.html'), '<!doctype html><title>Shell</title>');
  await writeFile(path.join(dist, '_headers'), `/*\n  X-Secret: ${DOTFILE}\n`);
  await writeFile(path.join(dist, 'assets', '.hidden.js'), `// ${DOTFILE}`);
  await writeFile(path.join(dist, 'assets', 'app.js'), 'console.log(1)');
  await writeFile(path.join(parent, 'dist-old', 'secret.txt'), SECRET);
  await writeFile(path.join(parent, 'secret.txt'), SECRET);
  server = await startStaticServer({ distDir: dist, port: 0, host: '127.0.0.1' });
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeAllConnections();
  await rm(parent, { recursive: true, force: true });
});

function get(target: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  const lines = [`GET ${target} HTTP/1.1`, `Host: 127.0.0.1:${port}`, 'Connection: close'];
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  return rawRequest(port, `${lines.join('\r\n')}\r\n\r\n`);
}

function expectSecurityHeaders(response: RawResponse): void {
  expect(response.headers['content-security-policy']).toContain("default-src 'self'");
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(response.headers['x-frame-options']).toBe('DENY');
  expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
}

/**
 * After any hostile request the server answers the home page within 100 ms (on an idle machine; see
 * `budget`). Up to three attempts: a server that hung or died fails them all.
 */
async function expectStillServing(): Promise<void> {
  const timings: number[] = [];
  for (let attempt = 0; attempt < 3; attempt++) {
    const started = performance.now();
    const response = await get('/');
    expect(response.status).toBe(200);
    expect(response.body).toContain('home page');
    timings.push(performance.now() - started);
    if (timings.at(-1)! < budget(100)) return;
  }
  expect(Math.min(...timings)).toBeLessThan(budget(100));
}

describe('static server: containment', () => {
  it.each([
    '/%2e%2e%2fdist-old/secret.txt',
    '/%2e%2e/dist-old/secret.txt',
    '/..%2fdist-old/secret.txt',
    '/%2E%2E%2Fdist-old%2Fsecret.txt',
    '/assets/%2e%2e%2f%2e%2e%2fdist-old/secret.txt',
    '/%2e%2e%2fsecret.txt',
    '/%2e%2e%5cdist-old%5csecret.txt',
    '/%2e%2e%2fdist-old/',
  ])('%s is a 404 that leaks nothing outside dist/', async (target) => {
    const response = await get(target);
    expect(response.status).toBe(404);
    expect(response.body).not.toContain(SECRET);
    expectSecurityHeaders(response);
    await expectStillServing();
  });
});

describe('static server: dotfile and underscore guard on the decoded path', () => {
  it.each([
    '/.build-info.json',
    '/%2ebuild-info.json',
    '/%2Ebuild-info.json',
    '/_headers',
    '/%5fheaders',
    '/%5Fheaders',
    '/assets/%2ehidden.js',
    '/assets%2f.hidden.js',
    '/_shell.html',
    '/%5fshell.html',
  ])('%s is a 404', async (target) => {
    const response = await get(target);
    expect(response.status).toBe(404);
    expect(response.body).not.toContain(DOTFILE);
    expect(response.headers['x-secret']).toBeUndefined();
    expectSecurityHeaders(response);
    await expectStillServing();
  });

  it('ordinary files are still served', async () => {
    const response = await get('/assets/app.js');
    expect(response.status).toBe(200);
    expectSecurityHeaders(response);
  });
});

describe('static server: malformed and oversized requests', () => {
  it.each(['/%ZZ', '/%', '/%E0%A4%A', '/%C0%AF', '/assets/%FF.js', '/%ZZ/index.html'])(
    '%s is a 400 with the security headers',
    async (target) => {
      const response = await get(target);
      expect(response.status).toBe(400);
      expect(response.body).toContain('Bad Request');
      expectSecurityHeaders(response);
      await expectStillServing();
    },
  );

  it('a URL over 8 KiB is a 414 with the security headers', async () => {
    const response = await get(`/${'a'.repeat(9 * 1024)}`);
    expect(response.status).toBe(414);
    expectSecurityHeaders(response);
    await expectStillServing();
  });

  it('a URL larger than the header limit is a 414 with the security headers', async () => {
    const response = await get(`/${'a'.repeat(40 * 1024)}`);
    expect(response.status).toBe(414);
    expectSecurityHeaders(response);
    await expectStillServing();
  });

  it('over-long headers are a 431 with the security headers', async () => {
    const response = await get('/', { Cookie: `a=${'b'.repeat(40 * 1024)}` });
    expect(response.status).toBe(431);
    expectSecurityHeaders(response);
    await expectStillServing();
  });

  it('too many headers are a 431 with the security headers', async () => {
    const headers: Record<string, string> = {};
    for (let i = 0; i < 3000; i++) headers[`X-H${i}`] = 'v'.repeat(4);
    const response = await get('/', headers);
    expect(response.status).toBe(431);
    expectSecurityHeaders(response);
    await expectStillServing();
  });

  it('a garbage request line is a 400 with the security headers', async () => {
    const response = await rawRequest(port, 'NOT A REQUEST\r\n\r\n');
    expect(response.status).toBe(400);
    expectSecurityHeaders(response);
    await expectStillServing();
  });

  it('other methods are a 405 with the security headers', async () => {
    const response = await rawRequest(
      port,
      `DELETE / HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`,
    );
    expect(response.status).toBe(405);
    expect(response.headers.allow).toBe('GET, HEAD');
    expectSecurityHeaders(response);
  });

  it('a real 404 carries the security headers', async () => {
    const response = await get('/no-such-page');
    expect(response.status).toBe(404);
    expectSecurityHeaders(response);
  });
});
