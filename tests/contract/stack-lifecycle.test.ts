import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../supabase/local/db/db.ts';
import type { LocalStack } from '../../supabase/local/server.ts';
import { confirmedUser, inbox, makeClient, signedInClient, startTestStack } from './support/stack.ts';

const admin = DEMO_ACCOUNTS.find((account) => account.role === 'admin')!;

describe('local stack lifecycle: inbox, persistence across restarts, one process per data folder', () => {
  let dataDir = '';
  let stack: LocalStack | null = null;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'local-stack-test-'));
  });
  afterAll(async () => {
    await stack?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('keeps accounts, emails and stored objects across a restart', async () => {
    stack = await startTestStack({ dataDir });
    const user = await confirmedUser(stack, 'persist');
    const { client: adminClient } = await signedInClient(stack, admin.email, admin.password);
    const upload = await adminClient.storage
      .from('audio')
      .upload('previews/persisted.mp3', new Blob([new Uint8Array([0xff, 0xf3, 7])], { type: 'audio/mpeg' }));
    expect(upload.error).toBeNull();
    const objects = await stack.db.query<{ n: number }>('select count(*)::int as n from storage.objects');

    // A second process (here: a second stack) cannot open the same data folder.
    await expect(startTestStack({ dataDir })).rejects.toThrow(/already open/);

    await stack.stop();
    stack = await startTestStack({ dataDir });

    const signIn = await makeClient(stack).auth.signInWithPassword({
      email: user.email,
      password: user.password,
    });
    expect(signIn.error).toBeNull();
    expect((await inbox(stack, user.email)).map((m) => m.subject)).toEqual(['Confirm Your Signup']);
    const again = await stack.db.query<{ n: number }>('select count(*)::int as n from storage.objects');
    expect(again.rows[0]?.n).toBe(objects.rows[0]?.n); // audio seeded once, not on every start
    const signed = await makeClient(stack)
      .storage.from('audio')
      .createSignedUrl('previews/persisted.mp3', 60);
    expect(new Uint8Array(await (await fetch(signed.data?.signedUrl ?? '')).arrayBuffer())).toEqual(
      new Uint8Array([0xff, 0xf3, 7]),
    );
  }, 120_000); // two starts of a persisted stack (migrations, seed, 176 audio files) on a busy 2-core machine

  it('the inbox page lists every email newest first with clickable links; ?to= filters', async () => {
    const current = stack!;
    const first = await confirmedUser(current, 'inbox-a');
    const second = await confirmedUser(current, 'inbox-b');
    const messages = await inbox(current);
    expect(messages[0]?.to).toBe(second.email);
    expect(messages[1]?.to).toBe(first.email);
    expect(Object.keys(messages[0] ?? {}).sort()).toEqual([
      'created_at',
      'html',
      'id',
      'subject',
      'text',
      'to',
    ]);
    expect((await inbox(current, first.email.toUpperCase())).map((m) => m.to)).toEqual([first.email]);

    const page = await fetch(`${current.url}/_local/inbox`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    const html = await page.text();
    expect(html.indexOf(second.email)).toBeLessThan(html.indexOf(first.email));
    expect(html).toMatch(
      // The practice's link: the site's /auth/confirm with the token hash (docs/auth-links.md).
      /<a href="http:\/\/localhost:4173\/auth\/confirm\?token_hash=[0-9a-f]{64}&(amp;)?type=email&(amp;)?next=[^"]*"[^>]*>Confirm my email<\/a>/,
    );
    const filtered = await (
      await fetch(`${current.url}/_local/inbox?to=${encodeURIComponent(first.email)}`)
    ).text();
    expect(filtered).toContain(first.email);
    expect(filtered).not.toContain(second.email);
  });

  it('rpc over GET for read-only functions', async () => {
    const current = stack!;
    const { client } = await signedInClient(current, admin.email, admin.password);
    const { data, error } = await client.rpc('is_admin', {}, { get: true });
    expect(error).toBeNull();
    expect(data).toBe(true);
  });
});
