import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../supabase/local/db/db.ts';
import type { LocalStack } from '../../supabase/local/server.ts';
import { confirmedUser, makeClient, signToken, signedInClient, startTestStack } from './support/stack.ts';

const admin = DEMO_ACCOUNTS.find((account) => account.role === 'admin')!;
// Object names are by product id (never the title: docs/product-rules.md D26 "Health data"); read them from the catalogue.
let PREVIEW = '';
let FULL = '';
let OTHER_FULL = '';
let OTHER_PREVIEW = '';

describe('/storage/v1: signed URLs and streaming', () => {
  let stack: LocalStack;
  let anon: SupabaseClient;
  let service: SupabaseClient;

  beforeAll(async () => {
    stack = await startTestStack();
    anon = makeClient(stack);
    service = makeClient(stack, stack.serviceRoleKey);
    const paths = await stack.db.query<{ slug: string; audio_path: string; preview_path: string }>(
      `select slug, audio_path, preview_path from public.products
       where slug in ('stop-smoking-for-good', 'cravings-be-gone')`,
    );
    const bySlug = new Map(paths.rows.map((row) => [row.slug, row]));
    PREVIEW = bySlug.get('stop-smoking-for-good')?.preview_path ?? '';
    FULL = bySlug.get('stop-smoking-for-good')?.audio_path ?? '';
    OTHER_FULL = bySlug.get('cravings-be-gone')?.audio_path ?? '';
    OTHER_PREVIEW = bySlug.get('cravings-be-gone')?.preview_path ?? '';
  });

  it('names audio objects by product id, never by title or slug', () => {
    for (const name of [PREVIEW, FULL, OTHER_FULL, OTHER_PREVIEW]) {
      expect(name).toMatch(/^(full|previews)\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.mp3$/);
    }
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('seeds a playable MP3 for every catalogue object', async () => {
    const objects = await stack.db.query<{ n: number }>(
      `select count(*)::int as n from storage.objects where bucket_id = 'audio'`,
    );
    const products = await stack.db.query<{ n: number }>(
      `select (count(audio_path) + count(preview_path))::int as n from public.products`,
    );
    expect(objects.rows[0]?.n).toBe(products.rows[0]?.n);
  });

  it('anyone may stream a preview through a signed URL (no apikey on the GET)', async () => {
    const { data, error } = await anon.storage.from('audio').createSignedUrl(PREVIEW, 60);
    expect(error).toBeNull();
    const url = new URL(data?.signedUrl ?? '');
    expect(url.pathname).toBe(`/storage/v1/object/sign/audio/${PREVIEW}`);
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('audio/mpeg');
    expect(response.headers.get('accept-ranges')).toBe('bytes');
    expect(response.headers.get('etag')).toMatch(/^"[0-9a-f]{32}"$/);
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(Number(response.headers.get('content-length'))).toBe(bytes.length);
    expect([bytes[0], bytes[1]]).toEqual([0xff, 0xf3]); // an MPEG audio frame header
    expect(bytes.length).toBeGreaterThan(5_000);
  });

  it('honours Range: 206 with Content-Range and exactly those bytes; 416 when unsatisfiable', async () => {
    const { data } = await anon.storage.from('audio').createSignedUrl(PREVIEW, 60);
    const url = data?.signedUrl ?? '';
    const whole = new Uint8Array(await (await fetch(url)).arrayBuffer());
    const part = await fetch(url, { headers: { range: 'bytes=100-199' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 100-199/${whole.length}`);
    expect(part.headers.get('content-length')).toBe('100');
    expect(new Uint8Array(await part.arrayBuffer())).toEqual(whole.slice(100, 200));
    const tail = await fetch(url, { headers: { range: 'bytes=-10' } });
    expect(new Uint8Array(await tail.arrayBuffer())).toEqual(whole.slice(-10));
    const open = await fetch(url, { headers: { range: `bytes=${whole.length - 5}-` } });
    expect(open.headers.get('content-range')).toBe(
      `bytes ${whole.length - 5}-${whole.length - 1}/${whole.length}`,
    );
    const beyond = await fetch(url, { headers: { range: `bytes=${whole.length}-` } });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get('content-range')).toBe(`bytes */${whole.length}`);
  });

  it('signs several objects at once, each with its own answer', async () => {
    const { data, error } = await anon.storage.from('audio').createSignedUrls([PREVIEW, FULL], 60);
    expect(error).toBeNull();
    expect(data?.[0]).toMatchObject({ path: PREVIEW, error: null });
    expect((await fetch(data?.[0]?.signedUrl ?? '')).status).toBe(200);
    expect(data?.[1]).toMatchObject({ path: FULL, signedUrl: null });
    expect(data?.[1]?.error).toBeTruthy();
  });

  it('download asks for Content-Disposition', async () => {
    const { data } = await anon.storage
      .from('audio')
      .createSignedUrl(PREVIEW, 60, { download: 'preview.mp3' });
    const response = await fetch(data?.signedUrl ?? '');
    expect(response.headers.get('content-disposition')).toContain('attachment; filename="preview.mp3"');
  });

  it('a full track is never signed by a customer, even its owner (the audio-url function mints links)', async () => {
    const denied = await anon.storage.from('audio').createSignedUrl(FULL, 60);
    expect(denied.error?.message).toBe('Object not found');
    expect((denied.error as { status?: number }).status).toBe(400);

    const buyer = await confirmedUser(stack, 'buyer');
    const { client } = await signedInClient(stack, buyer.email, buyer.password);
    expect((await client.storage.from('audio').createSignedUrl(FULL, 60)).error?.message).toBe(
      'Object not found',
    );

    const purchase = await service.rpc('insert_purchase', {
      p_user_id: buyer.id,
      p_title: 'Stop Smoking for Good',
      p_category: 'Smoking Cessation',
      p_price: 2.99,
      p_download_url: '#',
    });
    expect(purchase.error).toBeNull();
    const owned = await client.storage.from('audio').createSignedUrl(FULL, 60);
    expect(owned.error?.message).toBe('Object not found');
    // What the audio-url function does after its ownership check: sign with the service role.
    const minted = await service.storage.from('audio').createSignedUrl(FULL, 60);
    const response = await fetch(minted.data?.signedUrl ?? '', { headers: { range: 'bytes=0-35' } });
    expect(response.status).toBe(206);
    expect((await response.arrayBuffer()).byteLength).toBe(36);
    // Other full tracks stay closed to this buyer; the demo admin reads everything.
    expect(
      (await client.storage.from('audio').createSignedUrl(OTHER_FULL, 60)).error?.message,
    ).toBe('Object not found');
    const { client: adminClient } = await signedInClient(stack, admin.email, admin.password);
    expect(
      (await adminClient.storage.from('audio').createSignedUrl(OTHER_FULL, 60)).error,
    ).toBeNull();
  });

  it('expiresIn is a whole number of seconds, at least 1, whose expiry fits a JWT; a link dies at its exp', async () => {
    for (const expiresIn of [0, -5, 1.5, 1e308, 'soon']) {
      const response = await fetch(`${stack.url}/storage/v1/object/sign/audio/${PREVIEW}`, {
        method: 'POST',
        headers: { apikey: stack.anonKey, authorization: `Bearer ${stack.anonKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ expiresIn }),
      });
      expect(response.status, `expiresIn ${String(expiresIn)}`).toBe(400);
    }
    const { data } = await anon.storage.from('audio').createSignedUrl(PREVIEW, 1);
    const link = data?.signedUrl ?? '';
    const token = new URL(link).searchParams.get('token') ?? '';
    const { exp } = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { exp: number };
    // Used (and its verification cached) while valid, then refused from its exp second on.
    expect((await fetch(link)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, exp * 1000 - Date.now()) + 20));
    expect((await fetch(link)).status).toBe(400);
  });

  it('expired, forged, mismatched or missing tokens are refused; unknown objects are not found', async () => {
    const base = `${stack.url}/storage/v1/object/sign/audio/${PREVIEW}`;
    const now = Math.floor(Date.now() / 1000);
    const expired = await signToken(
      { url: `audio/${PREVIEW}`, iat: now - 120, exp: now - 60 },
      stack.jwtSecret,
    );
    const old = await fetch(`${base}?token=${expired}`);
    expect(old.status).toBe(400);
    expect(((await old.json()) as { message: string }).message).toBe('The provided token has expired.');

    const forged = await signToken(
      { url: `audio/${PREVIEW}`, iat: now, exp: now + 60 },
      'some-other-secret-some-other-secret-123',
    );
    expect((await fetch(`${base}?token=${forged}`)).status).toBe(400);

    const other = await signToken(
      { url: `audio/${OTHER_PREVIEW}`, iat: now, exp: now + 60 },
      stack.jwtSecret,
    );
    expect((await fetch(`${base}?token=${other}`)).status).toBe(400);
    expect((await fetch(base)).status).toBe(400);

    const missing = await service.storage.from('audio').createSignedUrl('previews/no-such-audio.mp3', 60);
    expect(missing.error?.message).toBe('Object not found');
    const raw = await fetch(`${stack.url}/storage/v1/object/sign/audio/previews/no-such-audio.mp3`, {
      method: 'POST',
      headers: {
        apikey: stack.serviceRoleKey,
        authorization: `Bearer ${stack.serviceRoleKey}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ expiresIn: 60 }),
    });
    expect(raw.status).toBe(400);
    expect(await raw.json()).toEqual({ statusCode: '404', error: 'not_found', message: 'Object not found' });
  });

  it('uploads: RLS decides (admin yes, customer no), duplicates and wrong types refused, traversal impossible', async () => {
    const { client: adminClient } = await signedInClient(stack, admin.email, admin.password);
    const body = new Blob([new Uint8Array([0xff, 0xf3, 1, 2, 3])], { type: 'audio/mpeg' });
    const uploaded = await adminClient.storage.from('audio').upload('previews/contract-upload.mp3', body);
    expect(uploaded.error).toBeNull();
    expect(uploaded.data).toMatchObject({
      path: 'previews/contract-upload.mp3',
      fullPath: 'audio/previews/contract-upload.mp3',
    });

    const again = await adminClient.storage.from('audio').upload('previews/contract-upload.mp3', body);
    expect(again.error?.message).toBe('The resource already exists');
    const replaced = await adminClient.storage
      .from('audio')
      .upload(
        'previews/contract-upload.mp3',
        new Blob([new Uint8Array([0xff, 0xf3, 9])], { type: 'audio/mpeg' }),
        { upsert: true },
      );
    expect(replaced.error).toBeNull();
    const signed = await anon.storage.from('audio').createSignedUrl('previews/contract-upload.mp3', 60);
    expect(new Uint8Array(await (await fetch(signed.data?.signedUrl ?? '')).arrayBuffer())).toEqual(
      new Uint8Array([0xff, 0xf3, 9]),
    );

    const wrongType = await adminClient.storage
      .from('audio')
      .upload('previews/notes.txt', new Blob(['hello'], { type: 'text/plain' }));
    expect(wrongType.error).not.toBeNull();

    const customer = await confirmedUser(stack, 'uploader');
    const { client } = await signedInClient(stack, customer.email, customer.password);
    const refused = await client.storage.from('audio').upload('previews/sneaky.mp3', body);
    expect(refused.error?.message).toMatch(/row-level security/);
    expect(
      (await stack.db.query(`select 1 from storage.objects where name = 'previews/sneaky.mp3'`)).rows,
    ).toEqual([]);

    // Plain `..` segments are resolved by URL parsing before any server sees them; encoded slashes are not,
    // and must not let a name climb out of its bucket.
    for (const name of [
      '..%2Fescape.mp3',
      'previews%2F..%2F..%2Fescape.mp3',
      'previews/..%2F..%2F..%2Fescape.mp3',
      'previews/%2e%2e%2Fescape.mp3',
    ]) {
      const response = await fetch(`${stack.url}/storage/v1/object/audio/${name}`, {
        method: 'POST',
        headers: {
          apikey: stack.serviceRoleKey,
          authorization: `Bearer ${stack.serviceRoleKey}`,
          'content-type': 'audio/mpeg',
        },
        body: new Uint8Array([1, 2, 3]),
      });
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
    }
    expect(
      (
        await stack.db.query(
          `select name from storage.objects where name like '%escape%' or name like '%..%'`,
        )
      ).rows,
    ).toEqual([]);

    const removed = await adminClient.storage.from('audio').remove(['previews/contract-upload.mp3']);
    expect(removed.error).toBeNull();
    expect(removed.data).toHaveLength(1);
    expect(
      (await anon.storage.from('audio').createSignedUrl('previews/contract-upload.mp3', 60)).error?.message,
    ).toBe('Object not found');
  });

  it('public buckets serve without a token; private ones never do', async () => {
    await stack.db.query(
      `insert into storage.buckets (id, name, public) values ('site-images', 'site-images', true)`,
    );
    const upload = await service.storage
      .from('site-images')
      .upload('hero.png', new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' }));
    expect(upload.error).toBeNull();
    const { data } = anon.storage.from('site-images').getPublicUrl('hero.png');
    const response = await fetch(data.publicUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    const closed = await fetch(anon.storage.from('audio').getPublicUrl(PREVIEW).data.publicUrl);
    expect(closed.status).toBe(400);
  });

  it('lists one folder level, sorted by name, as RLS allows', async () => {
    const previews = await anon.storage.from('audio').list('previews');
    expect(previews.error).toBeNull();
    const names = (previews.data ?? []).map((entry) => entry.name);
    expect(names.length).toBe(Math.min(100, names.length));
    expect(names).toEqual([...names].sort());
    expect(names).toContain(PREVIEW.slice('previews/'.length));
    expect((await anon.storage.from('audio').list('full')).data).toEqual([]);
    const top = await service.storage.from('audio').list();
    expect(top.data?.map((entry) => entry.name)).toEqual(['full', 'previews']);
  });
});
