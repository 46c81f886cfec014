import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalStack } from '../../supabase/local/server.ts';
import {
  confirmedUser,
  latestEmail,
  makeClient,
  signedInClient,
  startTestStack,
  uniqueEmail,
} from './support/stack.ts';

// Issue 24's auth findings against the local auth server, which answers as hosted GoTrue does.

let stack: LocalStack;
beforeAll(async () => {
  stack = await startTestStack();
}, 180_000);
afterAll(async () => {
  await stack?.stop();
});

const claims = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { session_id: string };

describe('two competing sign-ups for one email', () => {
  it('after the owner confirms and chooses a password (as /auth/confirm does), only the owner’s password works', async () => {
    const email = uniqueEmail('contested');
    // The attacker registers the victim's address first, with a password of their own.
    expect((await makeClient(stack).auth.signUp({ email, password: 'Attacker-Pass-81' })).error).toBeNull();
    // The owner signs up too: as on GoTrue, an unconfirmed account is left as it is (the second password is
    // not stored), and the confirmation is sent again to the owner's inbox.
    expect((await makeClient(stack).auth.signUp({ email, password: 'Owner-Pass-52' })).error).toBeNull();
    const { tokenHash } = await latestEmail(stack, email, 'Confirm Your Signup');

    const owner = makeClient(stack);
    const verified = await owner.auth.verifyOtp({ token_hash: tokenHash, type: 'email' });
    expect(verified.error).toBeNull();
    // Confirming alone proves the address, not the password: the first registrant's password still works.
    const early = await makeClient(stack).auth.signInWithPassword({ email, password: 'Attacker-Pass-81' });
    expect(early.error).toBeNull();

    // /auth/confirm then makes the owner choose the password and signs every other session out.
    expect((await owner.auth.updateUser({ password: 'Owner-Pass-52' })).error).toBeNull();
    expect((await owner.auth.signOut({ scope: 'others' })).error).toBeNull();

    const attacker = await makeClient(stack).auth.signInWithPassword({ email, password: 'Attacker-Pass-81' });
    expect(attacker.error?.message).toBe('Invalid login credentials');
    const attackerSession = early.data.session!;
    const refreshed = await makeClient(stack).auth.refreshSession({
      refresh_token: attackerSession.refresh_token,
    });
    expect(refreshed.error).not.toBeNull();
    expect(
      (await makeClient(stack).auth.signInWithPassword({ email, password: 'Owner-Pass-52' })).error,
    ).toBeNull();
  });
});

describe('leaked-password protection (a bundled list locally)', () => {
  it.each(['password123', 'Password123', 'qwerty123', '12345678'])(
    'refuses %s at sign-up and change: 422 pwned',
    async (password) => {
      const signup = await makeClient(stack).auth.signUp({ email: uniqueEmail('common'), password });
      expect(signup.error?.code).toBe('weak_password');
      expect((signup.error as { reasons?: string[] } | null)?.reasons).toEqual(['pwned']);
    },
  );

  it('keeps the 6-character minimum and accepts an uncommon 6-character password', async () => {
    const short = await makeClient(stack).auth.signUp({ email: uniqueEmail('short'), password: 'Ab3$x' });
    expect(short.error?.code).toBe('weak_password');
    expect((short.error as { reasons?: string[] } | null)?.reasons).toEqual(['length']);
    expect(
      (await makeClient(stack).auth.signUp({ email: uniqueEmail('six'), password: 'Kq7#vz' })).error,
    ).toBeNull();
    const user = await confirmedUser(stack, 'changer', 'Tidal-Oak-19');
    const { client } = await signedInClient(stack, user.email, user.password);
    const changed = await client.auth.updateUser({ password: 'password123' });
    expect(changed.error?.code).toBe('weak_password');
  });
});

describe('secure_password_change: a stolen access token alone cannot change the password', () => {
  it('needs a session begun within 24 hours: an older one gets 400 reauthentication_needed', async () => {
    const user = await confirmedUser(stack, 'secure-change', 'Tidal-Oak-19');
    const { client } = await signedInClient(stack, user.email, user.password);
    const { data } = await client.auth.getSession();
    const sessionId = claims(data.session!.access_token).session_id;
    await stack.db.query(
      `update auth.sessions set created_at = now() - interval '25 hours' where id = $1::uuid`,
      [sessionId],
    );
    const refused = await client.auth.updateUser({ password: 'Lantern-Moss-33' });
    expect(refused.error?.status).toBe(400);
    expect(refused.error?.code).toBe('reauthentication_needed');
    expect(
      (await makeClient(stack).auth.signInWithPassword({ email: user.email, password: user.password })).error,
    ).toBeNull();

    // A fresh sign-in may change it.
    const fresh = await signedInClient(stack, user.email, user.password);
    expect((await fresh.client.auth.updateUser({ password: 'Lantern-Moss-33' })).error).toBeNull();
  });
});
