import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalStack } from '../../supabase/local/server.ts';
import { confirmedUser, makeClient, signedInClient, startTestStack } from './support/stack.ts';

// Full audio links are minted by the audio-url edge function after an ownership check, for a lifetime the
// server chooses (docs/audio-links.md). Here the stack gives the function 2-second links, so expiry is seen.
const LIFETIME = 2;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('audio links: minted server-side, short-lived, only for owners', () => {
  let stack: LocalStack;
  let service: SupabaseClient;
  let productId = '';
  let audioPath = '';

  beforeAll(async () => {
    stack = await startTestStack({ functionEnv: { AUDIO_URL_SECONDS: String(LIFETIME) } });
    service = makeClient(stack, stack.serviceRoleKey);
    const product = await stack.db.query<{ id: string; audio_path: string }>(
      `select id::text as id, audio_path from public.products where slug = 'stop-smoking-for-good'`,
    );
    productId = product.rows[0]?.id ?? '';
    audioPath = product.rows[0]?.audio_path ?? '';
  });
  afterAll(async () => {
    await stack?.stop();
  });

  async function buyer(label: string) {
    const user = await confirmedUser(stack, label);
    const { client } = await signedInClient(stack, user.email, user.password);
    const bought = await service
      .from('purchases')
      .insert({ user_id: user.id, product_id: productId, title: 'Stop Smoking for Good', price: 2.99 })
      .select('id')
      .single();
    expect(bought.error).toBeNull();
    return { ...user, client, purchaseId: (bought.data as { id: string }).id };
  }

  const mint = (client: SupabaseClient, body: Record<string, unknown> = { productId }) =>
    client.functions.invoke<{ path: string; expiresAt: number }>('audio-url', { body });

  it('a customer cannot sign their own full audio with Storage, whatever the expiry', async () => {
    const { client } = await buyer('self-sign');
    for (const expiresIn of [60, 315360000]) {
      const signed = await client.storage.from('audio').createSignedUrl(audioPath, expiresIn);
      expect(signed.error?.message).toBe('Object not found');
    }
  });

  it('the owner gets a link for the server lifetime; a client-chosen expiry is ignored', async () => {
    const { client } = await buyer('owner');
    const before = Math.floor(Date.now() / 1000);
    const { data, error } = await mint(client, { productId, expiresIn: 315360000 });
    expect(error).toBeNull();
    expect(data?.expiresAt).toBeGreaterThanOrEqual(before + LIFETIME);
    expect(data?.expiresAt).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) + LIFETIME);
    const url = new URL(`${stack.url}${data?.path ?? ''}`);
    expect(url.pathname).toBe(`/storage/v1/object/sign/audio/${audioPath}`);
    const claims = JSON.parse(
      Buffer.from(url.searchParams.get('token')!.split('.')[1]!, 'base64url').toString(),
    ) as { iat: number; exp: number };
    expect(claims.exp - claims.iat).toBe(LIFETIME);
    const response = await fetch(url, { headers: { range: 'bytes=0-35' } });
    expect(response.status).toBe(206);
  });

  it('someone else, a signed-out caller and a bad body get nothing', async () => {
    const stranger = await confirmedUser(stack, 'stranger');
    const { client } = await signedInClient(stack, stranger.email, stranger.password);
    const refused = await mint(client);
    expect((refused.error as { context?: Response } | null)?.context?.status).toBe(404);
    const anonymous = await fetch(`${stack.url}/functions/v1/audio-url`, {
      method: 'POST',
      headers: {
        apikey: stack.anonKey,
        authorization: `Bearer ${stack.anonKey}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ productId }),
    });
    expect(anonymous.status).toBe(401);
    const bad = await mint(client, { productId: 'full/../secret' });
    expect((bad.error as { context?: Response } | null)?.context?.status).toBe(400);
  });

  it('after a refund no new link is minted and the issued one dies within its lifetime', async () => {
    const owner = await buyer('refunded');
    const { data } = await mint(owner.client);
    const link = `${stack.url}${data?.path ?? ''}`;
    expect((await fetch(link, { headers: { range: 'bytes=0-15' } })).status).toBe(206);
    // What mark_order_refunded and a lost dispute do to the order's audio: the purchase goes.
    expect((await service.from('purchases').delete().eq('id', owner.purchaseId)).error).toBeNull();
    const again = await mint(owner.client);
    expect((again.error as { context?: Response } | null)?.context?.status).toBe(404);
    await sleep(LIFETIME * 1000 + 1100);
    const dead = await fetch(link, { headers: { range: 'bytes=0-15' } });
    expect(dead.status).toBe(400);
    expect(((await dead.json()) as { message: string }).message).toBe('The provided token has expired.');
  });

  it('after the account is deleted no new link is minted', async () => {
    const owner = await buyer('deleted');
    expect((await mint(owner.client)).error).toBeNull();
    const deleted = await owner.client.functions.invoke('delete-account', { body: {} });
    expect(deleted.error).toBeNull();
    const after = await mint(owner.client);
    // The token's signature still verifies against the JWKS until it expires, but its session is gone with the
    // account: requireUser refuses it (session_is_live_for) in both key models.
    const response = (after.error as { context?: Response } | null)?.context;
    expect(response?.status).toBe(401);
    expect(after.data).toBeNull();
  });

  it('audio given only by a programme streams once its step is open (docs/programmes.md "Unlock")', async () => {
    const client = await confirmedUser(stack, 'programme');
    const { client: signedIn } = await signedInClient(stack, client.email, client.password);
    const first = await stack.db.query<{ id: string }>(
      `select id::text as id from public.products where published and audio_path is not null and id <> $1
       order by sort_order limit 1`,
      [productId],
    );
    const firstId = first.rows[0]!.id;
    // What admin_assign_to_client leaves: the client's copy opening one step at a time, granted.
    const programme = await stack.db.query<{ id: string }>(
      `insert into public.programmes (title, sequential_unlock, is_template) values ('Two nights', true, false)
       returning id::text as id`,
    );
    const programmeId = programme.rows[0]!.id;
    await stack.db.query(
      `insert into public.programme_steps (programme_id, position, product_id, day_number)
       values ($1, 1, $2, 1), ($1, 2, $3, 2)`,
      [programmeId, firstId, productId],
    );
    const assignment = await stack.db.query<{ id: string }>(
      `insert into public.client_assignments (user_id, email, programme_id, access) values ($1, $2, $3, 'granted')
       returning id::text as id`,
      [client.id, client.email, programmeId],
    );
    await stack.db.query('select private.grant_assignment_audio($1)', [assignment.rows[0]!.id]);

    expect((await mint(signedIn, { productId: firstId })).error).toBeNull();
    const locked = await mint(signedIn);
    expect((locked.error as { context?: Response } | null)?.context?.status).toBe(404);
    // Its day comes (assigned yesterday): step 2 opens and streams.
    await stack.db.query(
      `update public.client_assignments set assigned_at = now() - interval '1 day' where id = $1`,
      [assignment.rows[0]!.id],
    );
    expect((await mint(signedIn)).error).toBeNull();
  });

  it('a download that starts within the lifetime finishes after it, however slowly it is read', async () => {
    const owner = await buyer('slow-download');
    const { data } = await mint(owner.client);
    const size = await stack.db.query<{ size: number }>(
      `select (metadata->>'size')::int as size from storage.objects where bucket_id = 'audio' and name = $1`,
      [audioPath],
    );
    const response = await fetch(`${stack.url}${data?.path ?? ''}`);
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    let received = 0;
    const first = await reader.read();
    received += first.value?.byteLength ?? 0;
    await sleep(LIFETIME * 1000 + 1100); // the link has expired meanwhile
    for (;;) {
      const chunk = await reader.read();
      if (chunk.done) break;
      received += chunk.value.byteLength;
    }
    expect(received).toBe(size.rows[0]?.size);
  });
});

describe('audio links: audio uploaded privately for one client (docs/programmes.md)', () => {
  let stack: LocalStack;
  let service: SupabaseClient;

  beforeAll(async () => {
    stack = await startTestStack({ functionEnv: { AUDIO_URL_SECONDS: String(LIFETIME) } });
    service = makeClient(stack, stack.serviceRoleKey);
  });
  afterAll(async () => {
    await stack?.stop();
  });

  /**
   * What the admin's upload and admin_assign_private_audio leave: the file, the row and (unless it is for a
   * programme step) the assignment.
   */
  async function privateAudioFor(user: { id: string; email: string }, assignOnItsOwn = true) {
    const name = `${crypto.randomUUID()}.mp3`;
    const bytes = new Uint8Array([0x49, 0x44, 0x33, 4, 0, 0, 0, 0, 0, 0, 1, 2, 3, 4, 5, 6]);
    const uploaded = await service.storage
      .from('private-audio')
      .upload(name, new Blob([bytes], { type: 'audio/mpeg' }), { contentType: 'audio/mpeg' });
    expect(uploaded.error).toBeNull();
    const audio = await stack.db.query<{ id: string }>(
      `insert into public.private_audio (user_id, email, title, duration_seconds, object_path)
       values ($1, $2, 'For you', 60, $3) returning id::text as id`,
      [user.id, user.email, name],
    );
    const audioId = audio.rows[0]!.id;
    if (assignOnItsOwn) {
      await stack.db.query(
        `insert into public.client_assignments (user_id, email, private_audio_id, access)
         values ($1, $2, $3, 'granted')`,
        [user.id, user.email, audioId],
      );
    }
    return { audioId, name, size: bytes.byteLength };
  }

  const mint = (client: SupabaseClient, audioId: string) =>
    client.functions.invoke<{ path: string; expiresAt: number }>('audio-url', { body: { audioId } });
  const status = (error: unknown) => (error as { context?: Response } | null)?.context?.status;

  it('only its client gets a link; another customer, an anonymous caller and Storage itself do not', async () => {
    const owner = await confirmedUser(stack, 'private-owner');
    const { client } = await signedInClient(stack, owner.email, owner.password);
    const { audioId, name, size } = await privateAudioFor(owner);

    const { data, error } = await mint(client, audioId);
    expect(error).toBeNull();
    const file = await fetch(`${stack.url}${data?.path ?? ''}`);
    expect(file.status).toBe(200);
    expect((await file.arrayBuffer()).byteLength).toBe(size);
    expect(data?.expiresAt).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) + LIFETIME);

    const other = await confirmedUser(stack, 'private-other');
    const { client: otherClient } = await signedInClient(stack, other.email, other.password);
    expect(status((await mint(otherClient, audioId)).error)).toBe(404);
    expect((await otherClient.storage.from('private-audio').createSignedUrl(name, 60)).error).not.toBeNull();
    expect((await client.storage.from('private-audio').createSignedUrl(name, 60)).error).not.toBeNull();
    expect((await otherClient.from('private_audio').select('id').eq('id', audioId)).data).toEqual([]);

    const anonymous = await fetch(`${stack.url}/functions/v1/audio-url`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', apikey: stack.anonKey },
      body: JSON.stringify({ audioId }),
    });
    expect(anonymous.status).toBe(401);
    expect((await makeClient(stack).storage.from('private-audio').download(name)).error).not.toBeNull();
  });

  it('as step 2 of a programme opening one step at a time, it is refused until step 1 was listened to', async () => {
    const owner = await confirmedUser(stack, 'private-step');
    const { client } = await signedInClient(stack, owner.email, owner.password);
    const { audioId } = await privateAudioFor(owner, false);
    const first = await stack.db.query<{ id: string }>(
      `select id::text as id from public.products where published and audio_path is not null
       order by sort_order limit 1`,
    );
    const firstId = first.rows[0]!.id;
    // What admin_edit_assignment leaves: the client's copy with a catalogue step 1 and the private step 2.
    const programme = await stack.db.query<{ id: string }>(
      `insert into public.programmes (title, sequential_unlock, is_template) values ('Two nights', true, false)
       returning id::text as id`,
    );
    const programmeId = programme.rows[0]!.id;
    await stack.db.query(
      `insert into public.programme_steps (programme_id, position, product_id, private_audio_id, day_number)
       values ($1, 1, $2, null, 1), ($1, 2, null, $3, 2)`,
      [programmeId, firstId, audioId],
    );
    const assignment = await stack.db.query<{ id: string }>(
      `insert into public.client_assignments (user_id, email, programme_id, access) values ($1, $2, $3, 'granted')
       returning id::text as id`,
      [owner.id, owner.email, programmeId],
    );
    await stack.db.query('select private.grant_assignment_audio($1)', [assignment.rows[0]!.id]);

    expect(status((await mint(client, audioId)).error)).toBe(404);
    await stack.db.query(
      `insert into public.programme_progress (user_id, product_id, furthest_seconds, listened_at, last_listened_at)
       values ($1, $2, 60, now(), now())`,
      [owner.id, firstId],
    );
    const { data, error } = await mint(client, audioId);
    expect(error).toBeNull();
    expect((await fetch(`${stack.url}${data?.path ?? ''}`)).status).toBe(200);
  });

  it('deleting the account removes the private audio and its file', async () => {
    const owner = await confirmedUser(stack, 'private-deleted');
    const { client } = await signedInClient(stack, owner.email, owner.password);
    const { audioId, name } = await privateAudioFor(owner);
    expect((await client.functions.invoke('delete-account', { body: {} })).error).toBeNull();
    const left = await stack.db.query(
      `select 1 from public.private_audio where id = $1
       union all select 1 from storage.objects where bucket_id = 'private-audio' and name = $2`,
      [audioId, name],
    );
    expect(left.rows).toHaveLength(0);
  });
});
