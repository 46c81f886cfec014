// Programmes through supabase-js against the local stack (docs/programmes.md): the admin functions refuse
// visitors and customers; an admin assigns and notify-assignment emails the client (a link to My Account, or
// an invitation when there is no account), naming nothing assigned; it refuses visitors, customers and bad
// requests; the client reads their own assignment and another customer none; Download my data holds it, and
// deleting the account removes it.
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchAccountData } from '@/features/account/account-api';
import type { LocalStack } from '../../supabase/local/server.ts';
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
