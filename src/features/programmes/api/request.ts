// How the programmes' reads fail. Reads are tables under RLS (a client their own, an admin all); writes are the
// admin functions (security definer, admin-checked, logged), called through the shared src/lib/admin-api/client.ts
// (its errors, and its retry after a fresh sign-in: docs/security.md "Destructive admin actions").

/** A read asked for after the account's session ended (getSignedInSupabase): nothing was sent. */
export const SIGNED_OUT = 'Signed out';

export class ProgrammesApiError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ProgrammesApiError';
  }
}
