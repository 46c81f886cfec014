// Programmes through supabase-js against the local stack (docs/programmes.md): the admin functions refuse
// visitors and customers; an admin assigns and notify-assignment emails the client (a link to My Account, or
// an invitation when there is no account), naming nothing assigned; it refuses visitors, customers and bad
// requests; the client reads their own assignment and another customer none; Download my data holds it, and
// deleting the account removes it.
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchAccountData } from '@/features/account/api/account-data';
import type { LocalStack } from '../../supabase/local/server.ts';
import { toneMp3 } from '../../supabase/local/seed/mp3';
import {
  confirmedUser,
  inbox,
  makeClient,
  signedInClient,
  startTestStack,
  uniqueEmail,
} from './support/stack.ts';

let stack: LocalStack;
let admin: SupabaseClient;
let client: SupabaseClient;
let other: SupabaseClient;
let clientEmail: string;
let template: string;
let productIds: string[];

beforeAll(async () => {
  stack = await startTestStack();
  admin = (await signedInClient(stack, 'admin@example.com', 'password123')).client;
  const user = await confirmedUser(stack, 'programme-client');
  clientEmail = user.email;
  client = (await signedInClient(stack, user.email, user.password)).client;
  const another = await confirmedUser(stack, 'programme-other');
  other = (await signedInClient(stack, another.email, another.password)).client;
  productIds = (
    await stack.db.query<{ id: string }>(
      'select id from public.products where published order by sort_order limit 3',
    )
  ).rows.map((row) => row.id);
  const saved = await admin.rpc('admin_save_programme', {
    p_id: null,
    p_title: 'Contract programme',
    p_introduction: 'Intro',
    p_sequential_unlock: true,
    p_steps: productIds.map((id, i) => ({ product_id: id, day_number: i + 1, note: '' })),
  });
  expect(saved.error).toBeNull();
  template = saved.data as string;
}, 60_000);

afterAll(async () => {
  await stack?.stop();
});

async function assign(email: string): Promise<string> {
  const { data, error } = await admin.rpc('admin_assign_to_client', {
    p_email: email,
    p_programme_id: template,
    p_product_id: null,
    p_note: 'Before bed',
    p_access: 'granted',
  });
  expect(error).toBeNull();
  return (data as { assignment_id: string }).assignment_id;
}

describe('programmes through the API', () => {
  it('the admin functions refuse a customer and a visitor', async () => {
    for (const caller of [client, makeClient(stack)]) {
      const result = await caller.rpc('admin_duplicate_programme', { p_id: template });
      expect(result.error?.code).toBe('42501');
    }
  });

  it('assigning to an account emails a link to My Account, naming nothing assigned', async () => {
    const id = await assign(clientEmail);
    const { data, error } = await admin.functions.invoke('notify-assignment', { body: { assignmentId: id } });
    expect(error).toBeNull();
    expect(data).toEqual({ sent: true, hasAccount: true });
    const message = (await inbox(stack, clientEmail)).find((m) => /shared a programme/.test(m.subject));
    expect(message?.text).toContain('/account#from-your-practitioner');
    expect(message?.text).not.toContain('Contract programme');
    const mine = await client
      .from('client_assignments')
      .select('id, programmes(title, programme_steps(position))');
    expect(mine.data).toHaveLength(1);
    const theirs = await other.from('client_assignments').select('id');
    expect(theirs.data).toEqual([]);
    const progress = await other.from('programme_progress').select('product_id');
    expect(progress.data).toEqual([]);
  });

  it('assigning to an email with no account sends an invitation to sign up', async () => {
    const email = uniqueEmail('programme-invite');
    const id = await assign(email);
    const { data } = await admin.functions.invoke('notify-assignment', { body: { assignmentId: id } });
    expect(data).toEqual({ sent: true, hasAccount: false });
    const message = (await inbox(stack, email)).find((m) => /You are invited/.test(m.subject));
    expect(message?.text).toMatch(/\/auth\?tab=signup&redirectTo=%2Faccount/);
  });

  it('notify-assignment refuses visitors, customers and bad requests', async () => {
    const id = await assign(clientEmail);
    const anon = await makeClient(stack).functions.invoke('notify-assignment', {
      body: { assignmentId: id },
    });
    expect((anon.error as { context?: Response }).context?.status).toBe(401);
    const asCustomer = await client.functions.invoke('notify-assignment', { body: { assignmentId: id } });
    expect((asCustomer.error as { context?: Response }).context?.status).toBe(403);
    const bad = await admin.functions.invoke('notify-assignment', { body: { assignmentId: 'nope' } });
    expect((bad.error as { context?: Response }).context?.status).toBe(400);
    const missing = await admin.functions.invoke('notify-assignment', {
      body: { assignmentId: '00000000-0000-4000-a000-000000000000' },
    });
    expect((missing.error as { context?: Response }).context?.status).toBe(404);
  });

  it("Download my data holds the client's assignments and progress; deleting the account removes them", async () => {
    const data = await fetchAccountData(client);
    expect(data.assignments.length).toBeGreaterThanOrEqual(1);
    expect(JSON.stringify(data.assignments)).toContain('Contract programme');
    expect(data.programmeProgress).toEqual([]);
    const userId = (await client.auth.getUser()).data.user!.id;
    const deleted = await client.functions.invoke('delete-account', { method: 'POST', body: {} });
    expect(deleted.error).toBeNull();
    const left = await stack.db.query(
      'select 1 from public.client_assignments where user_id = $1 or lower(email) = lower($2)',
      [userId, clientEmail],
    );
    expect(left.rows).toEqual([]);
  });
});

describe('audio uploaded privately for one client, through the API (docs/programmes.md)', () => {
  it('an admin uploads and assigns it; only the client reads, plays and exports it; removing it removes the file', async () => {
    const user = await confirmedUser(stack, 'private-client');
    const owner = (await signedInClient(stack, user.email, user.password)).client;
    const stranger = await confirmedUser(stack, 'private-stranger');
    const strangerClient = (await signedInClient(stack, stranger.email, stranger.password)).client;
    const name = `${crypto.randomUUID()}.mp3`;
    const bytes = new Uint8Array(toneMp3(61));

    // A customer cannot upload to the bucket; an admin can.
    const refused = await owner.storage
      .from('private-audio')
      .upload(name, new Blob([bytes], { type: 'audio/mpeg' }), { contentType: 'audio/mpeg' });
    expect(refused.error).not.toBeNull();
    const uploaded = await admin.storage
      .from('private-audio')
      .upload(name, new Blob([bytes], { type: 'audio/mpeg' }), { contentType: 'audio/mpeg' });
    expect(uploaded.error).toBeNull();
    // The server reads the stored bytes before the file may be recorded (docs/security.md "Uploads").
    const checked = await admin.functions.invoke('check-audio-upload', {
      body: { bucket: 'private-audio', name },
    });
    expect(checked.data).toEqual({ durationSeconds: 61, contentType: 'audio/mpeg' });
    const refusedAssign = await owner.rpc('admin_assign_private_audio', {
      p_email: user.email,
      p_title: 'x',
      p_duration_seconds: 60,
      p_object_path: name,
      p_note: '',
    });
    expect(refusedAssign.error?.code).toBe('42501');
    const assigned = await admin.rpc('admin_assign_private_audio', {
      p_email: user.email,
      p_title: 'Your own evening',
      p_duration_seconds: 60,
      p_object_path: name,
      p_note: 'Each evening',
    });
    expect(assigned.error).toBeNull();
    const { assignment_id: assignmentId, private_audio_id: audioId } = assigned.data as {
      assignment_id: string;
      private_audio_id: string;
    };
    const notified = await admin.functions.invoke('notify-assignment', { body: { assignmentId } });
    expect(notified.data).toEqual({ sent: true, hasAccount: true });
    const email = (await inbox(stack, user.email)).find((m) =>
      /^Your practitioner has shared/.test(m.subject),
    );
    expect(email?.text).toContain('/account#from-your-practitioner');
    expect(email?.text).not.toContain('Your own evening');

    const mine = await owner.from('client_assignments').select('id, private_audio(title)');
    expect(mine.data).toEqual([{ id: assignmentId, private_audio: { title: 'Your own evening' } }]);
    expect((await strangerClient.from('private_audio').select('id')).data).toEqual([]);
    expect((await strangerClient.from('client_assignments').select('id')).data).toEqual([]);

    const link = await owner.functions.invoke<{ path: string }>('audio-url', { body: { audioId } });
    expect(link.error).toBeNull();
    expect((await fetch(`${stack.url}${link.data?.path ?? ''}`)).status).toBe(200);
    const strangerLink = await strangerClient.functions.invoke('audio-url', { body: { audioId } });
    expect((strangerLink.error as { context?: Response } | null)?.context?.status).toBe(404);

    // The link began a run of listening (record_audio_link); as if it began 40 s ago, 58 s of 60 is credible
    // (2x real time: docs/security.md "Programme progress"). Saved at once, it would count for 10 s only.
    await stack.db.query(
      `update private.audio_link_runs set run_started_at = now() - interval '40 seconds' where audio_id = $1`,
      [audioId],
    );
    // The player saves its position under the private audio's id; the practitioner sees the progress.
    const saved = await owner.from('listening_positions').upsert(
      {
        product_id: audioId,
        position_seconds: 58,
        rate: 1,
        device_id: crypto.randomUUID(),
        device_kind: 'phone',
        played_at: new Date().toISOString(),
      },
      { onConflict: 'user_id,product_id' },
    );
    expect(saved.error).toBeNull();
    const progress = await admin
      .from('programme_progress')
      .select('furthest_seconds, listened_at')
      .eq('product_id', audioId);
    expect(progress.data).toEqual([{ furthest_seconds: 58, listened_at: expect.any(String) as string }]);

    const exported = await fetchAccountData(owner);
    expect(JSON.stringify(exported.assignments)).toContain('Your own evening');
    expect(exported.listeningPositions.map((p) => p.productId)).toContain(audioId);

    const removed = await admin.rpc('admin_remove_assignment', { p_id: assignmentId, p_keep_audio: false });
    expect(removed.error).toBeNull();
    expect((await admin.storage.from('private-audio').remove([name])).error).toBeNull();
    const left = await stack.db.query(
      `select 1 from public.private_audio where id = $1
       union all select 1 from public.listening_positions where product_id = $1
       union all select 1 from storage.objects where bucket_id = 'private-audio' and name = $2`,
      [audioId, name],
    );
    expect(left.rows).toEqual([]);
  });
  it("a private audio as a step of the client's copy: read by its client, exported, and its file named on removal", async () => {
    const user = await confirmedUser(stack, 'private-step');
    const owner = (await signedInClient(stack, user.email, user.password)).client;
    const name = `${crypto.randomUUID()}.mp3`;
    const bytes = new Uint8Array(toneMp3(61));
    const uploaded = await admin.storage
      .from('private-audio')
      .upload(name, new Blob([bytes], { type: 'audio/mpeg' }), { contentType: 'audio/mpeg' });
    expect(uploaded.error).toBeNull();
    const checked = await admin.functions.invoke('check-audio-upload', {
      body: { bucket: 'private-audio', name },
    });
    expect(checked.error).toBeNull();
    const assignmentId = await assign(user.email);
    const refused = await owner.rpc('admin_add_private_audio', {
      p_assignment_id: assignmentId,
      p_title: 'x',
      p_duration_seconds: 60,
      p_object_path: name,
    });
    expect(refused.error?.code).toBe('42501');
    const added = await admin.rpc('admin_add_private_audio', {
      p_assignment_id: assignmentId,
      p_title: 'Step made for you',
      p_duration_seconds: 60,
      p_object_path: name,
    });
    expect(added.error).toBeNull();
    const edited = await admin.rpc('admin_edit_assignment', {
      p_id: assignmentId,
      p_note: '',
      p_title: 'Contract programme',
      p_introduction: '',
      p_sequential_unlock: true,
      p_steps: [
        { product_id: productIds[0], day_number: 1, note: '' },
        { private_audio_id: added.data as string, day_number: 2, note: 'Yours' },
      ],
    });
    expect(edited.error).toBeNull();

    const steps = await owner
      .from('programme_steps')
      .select('position, product_id, private_audio(title)')
      .order('position');
    expect(steps.data).toEqual([
      { position: 1, product_id: productIds[0], private_audio: null },
      { position: 2, product_id: null, private_audio: { title: 'Step made for you' } },
    ]);
    expect(
      (
        await other
          .from('private_audio')
          .select('id')
          .eq('id', added.data as string)
      ).data,
    ).toEqual([]);
    expect(JSON.stringify((await fetchAccountData(owner)).assignments)).toContain('Step made for you');

    const removed = await admin.rpc('admin_remove_assignment', { p_id: assignmentId, p_keep_audio: false });
    expect(removed.data).toEqual([name]);
  });
});
