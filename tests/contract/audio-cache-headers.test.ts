import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixAudioCacheControl } from '../../scripts/fix-audio-cache-control.ts';
import type { LocalStack } from '../../supabase/local/server.ts';
import { makeClient, startTestStack } from './support/stack.ts';

// Audio links are not cached past their life (docs/security.md "Cached audio links"): a signed link to a full
// track works for minutes, and its answer says `private, no-store`, so a browser cannot play it from its cache
// after the server would refuse it; every stored file is answered with `nosniff`. Uploads keep the
// Cache-Control they are sent with (the admin's sends it), and scripts/fix-audio-cache-control.ts stores files
// uploaded before that again, in place.

let stack: LocalStack;
let service: SupabaseClient;
let full = '';
let preview = '';

beforeAll(async () => {
  stack = await startTestStack();
  service = makeClient(stack, stack.serviceRoleKey);
  const row = await stack.db.query<{ audio_path: string; preview_path: string }>(
    `select audio_path, preview_path from public.products where slug = 'stop-smoking-for-good'`,
  );
  full = row.rows[0]?.audio_path ?? '';
  preview = row.rows[0]?.preview_path ?? '';
}, 180_000);
afterAll(async () => {
  await stack?.stop();
});

/** The answer to a signed link to `name` in the audio bucket, as the player fetches it (body discarded). */
async function signedAnswer(name: string, bucket = 'audio'): Promise<Response> {
  const { data, error } = await service.storage.from(bucket).createSignedUrl(name, 300);
  expect(error).toBeNull();
  const response = await fetch(data!.signedUrl, { headers: { range: 'bytes=0-1' } });
  await response.arrayBuffer();
  return response;
}

/** Stores `bytes` under `name` as a binary upload with `cacheControl` (null: no header), replacing it. */
async function storeBinary(
  name: string,
  bytes: Uint8Array<ArrayBuffer>,
  cacheControl: string | null,
): Promise<void> {
  const response = await fetch(`${stack.url}/storage/v1/object/audio/${name}`, {
    method: 'PUT',
    headers: {
      apikey: stack.serviceRoleKey,
      authorization: `Bearer ${stack.serviceRoleKey}`,
      'content-type': 'audio/mpeg',
      'x-upsert': 'true',
      ...(cacheControl === null ? {} : { 'cache-control': cacheControl }),
    },
    body: bytes,
  });
  expect(response.status).toBe(200);
}

async function fullBytes(name: string): Promise<Uint8Array<ArrayBuffer>> {
  const { data } = await service.storage.from('audio').download(name);
  return new Uint8Array(await data!.arrayBuffer());
}

describe('answers to signed audio links', () => {
  it('a full track: private, no-store, nosniff', async () => {
    const answer = await signedAnswer(full);
    expect(answer.status).toBe(206);
    expect(answer.headers.get('cache-control')).toBe('private, no-store');
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('a public preview may be cached; nosniff too', async () => {
    const answer = await signedAnswer(preview);
    expect(answer.headers.get('cache-control')).toBe('public, max-age=3600');
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('an expired or refused link answers with nosniff as well', async () => {
    const response = await fetch(`${stack.url}/storage/v1/object/sign/audio/${full}?token=not-a-token`);
    await response.arrayBuffer();
    expect(response.status).toBe(400);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

describe('uploads keep the Cache-Control they are sent with, as hosted Storage does', () => {
  const name = 'full/00000000-0000-4000-8000-00000000cafe.mp3';
  const bytes = new Uint8Array([0x49, 0x44, 0x33, 4, 0, 0, 0, 0, 0, 0]);

  it("the admin's upload (binary, with src/lib/audio-storage.ts audioCacheControl's header): private, no-store", async () => {
    const response = await fetch(`${stack.url}/storage/v1/object/audio/${name}`, {
      method: 'POST',
      headers: {
        apikey: stack.serviceRoleKey,
        authorization: `Bearer ${stack.serviceRoleKey}`,
        'content-type': 'audio/mpeg',
        'cache-control': 'private, no-store',
      },
      body: bytes,
    });
    expect(response.status).toBe(200);
    expect((await signedAnswer(name)).headers.get('cache-control')).toBe('private, no-store');
  });

  it('storage-js (a form with cacheControl seconds): max-age=<seconds>; a binary upload without: no-cache', async () => {
    const { error } = await service.storage
      .from('audio')
      .upload(name, new Blob([bytes], { type: 'audio/mpeg' }), { upsert: true, cacheControl: '3600' });
    expect(error).toBeNull();
    expect((await signedAnswer(name)).headers.get('cache-control')).toBe('max-age=3600');
    await storeBinary(name, bytes, null);
    expect((await signedAnswer(name)).headers.get('cache-control')).toBe('no-cache');
  });
});

describe('scripts/fix-audio-cache-control.ts: files uploaded before', () => {
  it('stores every full track again, in place, with private, no-store; a second run changes nothing', async () => {
    const before = await fullBytes(full);
    await storeBinary(full, before, 'max-age=3600'); // as storage-js stored it before the fix
    expect((await signedAnswer(full)).headers.get('cache-control')).toBe('max-age=3600');

    const first = await fixAudioCacheControl(stack.url, stack.serviceRoleKey);
    expect(first.failed).toEqual([]);
    expect(first.fixed).toEqual([full]);
    expect((await signedAnswer(full)).headers.get('cache-control')).toBe('private, no-store');
    expect(await fullBytes(full)).toEqual(before);
    const products = await stack.db.query<{ audio_path: string }>(
      `select audio_path from public.products where slug = 'stop-smoking-for-good'`,
    );
    expect(products.rows[0]?.audio_path).toBe(full);

    const second = await fixAudioCacheControl(stack.url, stack.serviceRoleKey);
    expect(second).toMatchObject({ fixed: [], failed: [] });
    expect(second.alreadyRight).toBe(first.alreadyRight + 1);
  });
});
