// Accounts the practice itself creates (the local demo accounts, tests' users) are their owners' from the start.
import type { Queryable } from './engine.ts';

/**
 * Marks an account the practice created as its owner's (private.account_owners, proof 'provisioned'): a
 * demo account has no sign-up to prove, and pending client data links only to owned accounts
 * (docs/security.md "Pre-registered accounts").
 */
export async function provisionOwner(tx: Queryable, userId: string): Promise<void> {
  await tx.query(
    `insert into private.account_owners (user_id, proof) values ($1::text::uuid, 'provisioned')
     on conflict (user_id) do nothing`,
    [userId],
  );
}
