// A catalogue change asks the site host for a rebuild (docs/catalogue-rebuild.md): request-site-rebuild refuses
// visitors and customers, and for an admin POSTs to the hook in its secret, here the stack's own stand-in
// (/_local/deploy-hook), which folds requests made during a build into one more build.
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalStack } from '../../supabase/local/server.ts';
import { confirmedUser, makeClient, signedInClient, startTestStack } from './support/stack.ts';

let stack: LocalStack;
let admin: SupabaseClient;
let customer: SupabaseClient;
const builds: { finish: () => void }[] = [];

/** A build that lasts until the test finishes it. */
function pendingBuild(): Promise<void> {
  return new Promise((resolve) => builds.push({ finish: resolve }));
}

async function hookStatus(): Promise<{ builds: number; running: boolean; pending: boolean }> {
  return (await (await fetch(`${stack.url}/_local/deploy-hook`)).json()) as {
    builds: number;
    running: boolean;
    pending: boolean;
  };
}

beforeAll(async () => {
  stack = await startTestStack({ siteRebuild: pendingBuild });
  admin = (await signedInClient(stack, 'admin@example.com', 'password123')).client;
  const user = await confirmedUser(stack, 'site-rebuild-customer');
  customer = (await signedInClient(stack, user.email, user.password)).client;
}, 60_000);

afterAll(async () => {
  for (const build of builds) build.finish();
  await stack?.stop();
});

describe('request-site-rebuild', () => {
  it('refuses a visitor and a customer, and starts no build', async () => {
    const visitor = await makeClient(stack).functions.invoke('request-site-rebuild', { body: {} });
    expect((visitor.error as { context?: Response } | null)?.context?.status).toBe(401);
    const refused = await customer.functions.invoke('request-site-rebuild', { body: {} });
    const response = (refused.error as { context?: Response } | null)?.context;
    expect(response?.status).toBe(403);
    expect(await response?.json()).toEqual({ error: 'Admin privileges required.' });
    expect(await hookStatus()).toMatchObject({ builds: 0, running: false });
  });

  it('for an admin, calls the hook; requests during a build fold into one more', async () => {
    const first = await admin.functions.invoke('request-site-rebuild', { body: {} });
    expect(first.error).toBeNull();
    expect(first.data).toEqual({ requested: true });
    expect(await hookStatus()).toMatchObject({ builds: 0, running: true, pending: false });
    expect(builds).toHaveLength(1);

    for (let i = 0; i < 3; i += 1) {
      const again = await admin.functions.invoke('request-site-rebuild', { body: {} });
      expect(again.data).toEqual({ requested: true });
    }
    expect(await hookStatus()).toMatchObject({ running: true, pending: true });
    expect(builds).toHaveLength(1);

    builds[0]!.finish();
    await expect.poll(() => builds.length).toBe(2);
    builds[1]!.finish();
    await expect.poll(hookStatus).toMatchObject({ builds: 2, running: false, pending: false });
  });
});
