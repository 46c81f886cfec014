import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalStack } from '../../supabase/local/server.ts';
import { confirmedUser, makeClient, signedInClient, startTestStack } from './support/stack.ts';

// The bound behind "a refunded customer's link stops working within 10 minutes" (docs/audio-links.md): whatever
// AUDIO_URL_SECONDS a deployer sets, audio-url mints links that live at most 600 seconds.

describe('audio link lifetime is capped at 10 minutes', () => {
  let stack: LocalStack;

  beforeAll(async () => {
    stack = await startTestStack({ functionEnv: { AUDIO_URL_SECONDS: '86400' } });
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('a day configured gives a 600-second link', async () => {
    const product = await stack.db.query<{ id: string }>(
      `select id::text as id from public.products where slug = 'stop-smoking-for-good'`,
    );
    const productId = product.rows[0]!.id;
    const user = await confirmedUser(stack, 'lifetime-cap');
    const bought = await makeClient(stack, stack.serviceRoleKey)
      .from('purchases')
      .insert({ user_id: user.id, product_id: productId, title: 'Stop Smoking for Good', price: 2.99 });
    expect(bought.error).toBeNull();
    const { client } = await signedInClient(stack, user.email, user.password);

    const before = Math.floor(Date.now() / 1000);
    const { data, error } = await client.functions.invoke<{ path: string; expiresAt: number }>('audio-url', {
      body: { productId },
    });
    expect(error).toBeNull();
    expect(data!.expiresAt).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) + 600);
    expect(data!.expiresAt).toBeGreaterThanOrEqual(before + 600);
    const token = new URL(`${stack.url}${data!.path}`).searchParams.get('token')!;
    const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as {
      iat: number;
      exp: number;
    };
    expect(claims.exp - claims.iat).toBe(600);
  });
});
