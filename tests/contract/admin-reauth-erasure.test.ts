// Destructive admin actions and erasure through the stack (docs/security.md): an admin session whose sign-in is
// over 10 minutes old is refused by the SQL functions (through the REST API) and by refund-order (under Deno),
// a refresh keeps the original sign-in time (as hosted GoTrue does), a new password sign-in lets the action
// through; deleting an account removes its private files at once, and files left queued are removed by
// reconcile-payments; an upload is checked by its stored bytes (check-audio-upload) before it may be recorded.
import type { SupabaseClient } from '@supabase/supabase-js';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages as checkMessages } from '../../supabase/functions/check-audio-upload/messages.ts';
import { toneMp3 } from '../../supabase/local/seed/mp3';
import type { LocalStack } from '../../supabase/local/server.ts';
import {
  confirmedUser,
  makeClient,
  rest,
  signToken,
  signedInClient,
  startTestStack,
} from './support/stack.ts';

let stack: LocalStack;
let admin: SupabaseClient;

/** The admin's current token with its sign-in moved `minutes` into the past (same session, same user). */
async function staleAdminToken(minutes: number): Promise<string> {
  const token = (await admin.auth.getSession()).data.session!.access_token;
  const claims = decodeJwt(token);
  const at = Math.floor(Date.now() / 1000) - minutes * 60;
  return signToken({ ...claims, amr: [{ method: 'password', timestamp: at }] }, stack.jwtSecret);
}

async function paidOrderId(): Promise<string> {
  return (
    await stack.db.query<{ id: string }>(
      `select id from public.orders where status = 'paid' and stripe_payment_intent_id like 'pi_demo_%'
       order by created_at limit 1`,
    )
  ).rows[0]!.id;
}

async function storeFile(name: string, bytes: Uint8Array = toneMp3(30), type = 'audio/mpeg'): Promise<void> {
  const { error } = await admin.storage
    .from('private-audio')
    .upload(name, new Blob([new Uint8Array(bytes)], { type }), { contentType: type });
  if (error) throw error;
}

async function fileExists(name: string): Promise<boolean> {
  const found = await stack.db.query(
    `select 1 from storage.objects where bucket_id = 'private-audio' and name = $1`,
    [name],
  );
  return found.rows.length > 0;
}

beforeAll(async () => {
  stack = await startTestStack();
  admin = (await signedInClient(stack, 'admin@example.com', 'password123')).client;
}, 60_000);

afterAll(async () => {
  await stack?.stop();
});

describe('a sign-in over 10 minutes old', () => {
  it('cannot grant an admin through the API: the SQL says reauthentication_needed', async () => {
    const token = await staleAdminToken(11);
    const response = await rest(stack, 'rpc/admin_grant_admin', {
      method: 'POST',
      token,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ p_email: 'customer@example.com' }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'P0001', message: 'reauthentication_needed' });
    const roles = await stack.db.query(
      `select 1 from public.user_roles r join auth.users u on u.id = r.user_id
       where u.email = 'customer@example.com' and r.role = 'admin'`,
    );
    expect(roles.rows).toHaveLength(0);
  });

  it('cannot refund: refund-order answers 403 reauthentication_needed and the order stays paid', async () => {
    const orderId = await paidOrderId();
    const token = await staleAdminToken(11);
    const response = await fetch(`${stack.url}/functions/v1/refund-order`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        apikey: stack.anonKey,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ orderId }),
    });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ error: 'reauthentication_needed' });
    const order = await stack.db.query<{ status: string }>('select status from public.orders where id = $1', [
      orderId,
    ]);
    expect(order.rows[0]!.status).toBe('paid');
  });

  it("cannot delete a client's private file through Storage; a fresh session can", async () => {
    const name = `${crypto.randomUUID()}.mp3`;
    await storeFile(name);
    const stale = await fetch(`${stack.url}/storage/v1/object/private-audio`, {
      method: 'DELETE',
      headers: {
        authorization: `Bearer ${await staleAdminToken(11)}`,
        apikey: stack.anonKey,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ prefixes: [name] }),
    });
    expect(await stale.json()).toEqual([]);
    expect(await fileExists(name)).toBe(true);
    expect((await admin.storage.from('private-audio').remove([name])).error).toBeNull();
    expect(await fileExists(name)).toBe(false);
  });

  it('a refreshed token keeps the original sign-in time; a new password sign-in starts the 10 minutes again', async () => {
    const first = (await admin.auth.getSession()).data.session!;
    const signedIn = (decodeJwt(first.access_token).amr as { timestamp: number }[])[0]!.timestamp;
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const refreshed = await admin.auth.refreshSession();
    expect(refreshed.error).toBeNull();
    const claims = decodeJwt(refreshed.data.session!.access_token);
    expect(claims.iat).toBeGreaterThan(signedIn);
    expect((claims.amr as { timestamp: number }[])[0]!.timestamp).toBe(signedIn);

    const again = await makeClient(stack).auth.signInWithPassword({
      email: 'admin@example.com',
      password: 'password123',
    });
    const fresh = (decodeJwt(again.data.session!.access_token).amr as { timestamp: number }[])[0]!.timestamp;
    expect(fresh).toBeGreaterThan(signedIn);
  });
});

describe('erasure', () => {
  it("deleting an account removes the client's private files at once and anonymises the log", async () => {
    const client = await confirmedUser(stack, 'erased');
    const name = `${crypto.randomUUID()}.mp3`;
    await storeFile(name);
    const checked = await admin.functions.invoke('check-audio-upload', {
      body: { bucket: 'private-audio', name },
    });
    expect(checked.data).toEqual({ durationSeconds: 30, contentType: 'audio/mpeg' });
    const { error } = await admin.rpc('admin_assign_private_audio', {
      p_email: client.email,
      p_title: 'trauma session',
      p_duration_seconds: 60,
      p_object_path: name,
      p_note: 'panic at night',
    });
    expect(error).toBeNull();

    const { client: session } = await signedInClient(stack, client.email, client.password);
    const deleted = await session.functions.invoke('delete-account', { method: 'POST', body: {} });
    expect(deleted.error).toBeNull();
    expect(await fileExists(name)).toBe(false);
    const queued = await stack.db.query('select 1 from private.storage_deletions where object_name = $1', [
      name,
    ]);
    expect(queued.rows).toHaveLength(0);
    const log = await stack.db.query<{ t: string }>(
      `select coalesce(string_agg(concat_ws(' ', entity_id, summary, before::text, after::text), ' '), '') as t
       from public.admin_activity`,
    );
    for (const secret of [client.email, client.id, 'trauma session', 'panic at night']) {
      expect(log.rows[0]!.t).not.toContain(secret);
    }
  });

  it('a file still queued (Storage failed earlier) is removed by reconcile-payments, and the admin count drops', async () => {
    const name = `${crypto.randomUUID()}.mp3`;
    await storeFile(name);
    await stack.db.query(
      `insert into private.storage_deletions (bucket_id, object_name, attempts, last_attempt_at)
       values ('private-audio', $1, 1, now() - interval '5 minutes')`,
      [name],
    );
    const before = await admin.rpc('admin_pending_storage_deletions');
    expect(before.data).toMatchObject({ count: 1 });

    const run = await admin.functions.invoke('reconcile-payments', { body: {} });
    expect(run.error).toBeNull();
    expect(run.data).toMatchObject({ files_removed: 1, files_failed: 0 });
    expect(await fileExists(name)).toBe(false);
    const after = await admin.rpc('admin_pending_storage_deletions');
    expect(after.data).toMatchObject({ count: 0 });
  });
});

describe('uploads checked by content', () => {
  it('a page with a script sent as audio/mpeg is removed by check-audio-upload and cannot be recorded', async () => {
    const name = `${crypto.randomUUID()}.mp3`;
    const page = new TextEncoder().encode(
      '<!doctype html><script>alert(document.cookie)</script>'.repeat(50),
    );
    await storeFile(name, page);
    const checked = await admin.functions.invoke('check-audio-upload', {
      body: { bucket: 'private-audio', name },
    });
    const response = (checked.error as { context?: Response }).context!;
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({ error: checkMessages.notAudio });
    expect(await fileExists(name)).toBe(false);
  });

  it('an object never checked is refused by the recording function, whatever length the browser claims', async () => {
    const name = `${crypto.randomUUID()}.mp3`;
    await storeFile(name);
    const { error } = await admin.rpc('admin_assign_private_audio', {
      p_email: 'someone@example.com',
      p_title: 'x',
      p_duration_seconds: 60,
      p_object_path: name,
      p_note: '',
    });
    expect(error).toMatchObject({ code: 'P0002' });
  });

  it("the recorded length is the one read from the stored bytes, not the browser's", async () => {
    const name = `${crypto.randomUUID()}.mp3`;
    await storeFile(name, toneMp3(45));
    await admin.functions.invoke('check-audio-upload', { body: { bucket: 'private-audio', name } });
    const assigned = await admin.rpc('admin_assign_private_audio', {
      p_email: 'length@example.com',
      p_title: 'x',
      p_duration_seconds: 99_999,
      p_object_path: name,
      p_note: '',
    });
    expect(assigned.error).toBeNull();
    const row = await stack.db.query<{ duration_seconds: number }>(
      'select duration_seconds from public.private_audio where object_path = $1',
      [name],
    );
    expect(row.rows).toEqual([{ duration_seconds: 45 }]);
  });

  it('refuses a name the dashboard never generates, a customer, and a visitor', async () => {
    const bad = await admin.functions.invoke('check-audio-upload', {
      body: { bucket: 'private-audio', name: 'x.html' },
    });
    expect((bad.error as { context?: Response }).context?.status).toBe(400);
    const customer = await confirmedUser(stack, 'check-customer');
    const { client } = await signedInClient(stack, customer.email, customer.password);
    const name = `${crypto.randomUUID()}.mp3`;
    const refused = await client.functions.invoke('check-audio-upload', {
      body: { bucket: 'private-audio', name },
    });
    expect((refused.error as { context?: Response }).context?.status).toBe(403);
    const visitor = await makeClient(stack).functions.invoke('check-audio-upload', {
      body: { bucket: 'private-audio', name },
    });
    expect((visitor.error as { context?: Response }).context?.status).toBe(401);
  });
});
