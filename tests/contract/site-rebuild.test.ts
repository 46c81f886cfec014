// A catalogue change asks the site host for a rebuild (docs/catalogue-rebuild.md): request-site-rebuild refuses
// visitors and customers, and for an admin POSTs to the hook in its secret, here the stack's own stand-in
// (/_local/deploy-hook), which folds requests made during a build into one more build. At most one rebuild per
// 2 minutes: requests at once start one build (docs/security.md "Destructive admin actions").
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalStack } from '../../supabase/local/server.ts';
import { confirmedUser, makeClient, signedInClient, startTestStack } from './support/stack.ts';

let stack: LocalStack;
let admin: SupabaseClient;
let adminToken: string;
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
  adminToken = (await admin.auth.getSession()).data.session!.access_token;
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

  it('for an admin, calls the hook once however many ask at once; the rest are told when to ask again', async () => {
    // Eight requests at the same moment (the probe of docs/security.md): one build, seven deferred.
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        fetch(`${stack.url}/functions/v1/request-site-rebuild`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${adminToken}`,
            apikey: stack.anonKey,
            'content-type': 'application/json',
          },
          body: '{}',
        }),
      ),
    );
    const bodies = await Promise.all(
      answers.map(async (answer) => ({ status: answer.status, body: await answer.json() })),
    );
    expect(bodies.filter((answer) => answer.body.requested === true)).toHaveLength(1);
    for (const [index, deferred] of bodies.entries()) {
      expect(deferred.status).toBe(200);
      if (deferred.body.requested === true) continue;
      const seconds = Number(answers[index]!.headers.get('retry-after'));
      expect(seconds).toBeGreaterThan(0);
      expect(seconds).toBeLessThanOrEqual(120);
      expect(deferred.body).toEqual({ requested: false, retryAfterSeconds: seconds });
    }
    expect(builds).toHaveLength(1);
    expect(await hookStatus()).toMatchObject({ running: true, pending: false });

    // Two minutes on, one more is allowed.
    await stack.db.query(
      `update private.site_rebuild_requests set last_requested_at = now() - interval '121 seconds'`,
    );
    const later = await admin.functions.invoke('request-site-rebuild', { body: {} });
    expect(later.data).toEqual({ requested: true });
    builds[0]!.finish();
    await expect.poll(() => builds.length).toBe(2);
    builds[1]!.finish();
    await expect.poll(hookStatus).toMatchObject({ builds: 2, running: false, pending: false });
  });
});
