// The static server closes every file it opens whatever the client does: hundreds of requests for a large
// file, each abandoned after the first bytes of the body (a navigation, a cancelled preload), must leave no
// descriptor open. Piping the file without pipeline() kept each one open until garbage collection ("Closing
// file descriptor N on garbage collection"), and under load ended in "too many open files".
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startStaticServer } from '../../scripts/static-server.ts';

const ABANDONED = 300;
let parent: string;
let server: Server;
let port: number;
const warnings: string[] = [];
const onWarning = (warning: Error): void => void warnings.push(warning.message);

beforeAll(async () => {
  parent = await mkdtemp(path.join(tmpdir(), 'static-handles-'));
  const dist = path.join(parent, 'dist');
  await mkdir(path.join(dist, 'assets'), { recursive: true });
  await writeFile(
    path.join(dist, '.build-info.json'),
    JSON.stringify({ supabaseUrl: 'http://127.0.0.1:54321', inlineScriptHashes: [] }),
  );
  await writeFile(path.join(dist, 'index.html'), '<!doctype html><title>Home</title>');
  await writeFile(path.join(dist, '404.html'), '<!doctype html><title>Not found</title>');
  // Far larger than the socket buffers, so the body is still being read from the file when the client goes.
  await writeFile(path.join(dist, 'assets', 'large.mp3'), Buffer.alloc(8 * 1024 * 1024, 7));
  server = await startStaticServer({ distDir: dist, port: 0, host: '127.0.0.1' });
  port = (server.address() as AddressInfo).port;
  process.on('warning', onWarning);
});

afterAll(async () => {
  process.off('warning', onWarning);
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await rm(parent, { recursive: true, force: true });
});

async function openDescriptors(): Promise<number> {
  return (await readdir('/proc/self/fd')).length;
}

/** Asks for the large file and destroys the connection as soon as the first bytes of the answer arrive. */
function abandonMidBody(): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    socket.setTimeout(10_000, () => socket.destroy(new Error('no answer')));
    socket.once('data', () => {
      socket.destroy();
      resolve();
    });
    socket.on('error', reject);
    socket.write(`GET /assets/large.mp3 HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`);
  });
}

it('closes the file of every request abandoned mid-body', async () => {
  const before = await openDescriptors();
  for (let batch = 0; batch < ABANDONED / 50; batch++)
    await Promise.all(Array.from({ length: 50 }, () => abandonMidBody()));
  // The server notices each closed socket asynchronously; give it a moment, never a garbage collection.
  const deadline = Date.now() + 5_000;
  let after = await openDescriptors();
  while (after > before + 2 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    after = await openDescriptors();
  }
  expect(after - before).toBeLessThanOrEqual(2);
  expect(warnings.filter((text) => text.includes('file descriptor'))).toEqual([]);
});
